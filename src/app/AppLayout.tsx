import { useEffect, useMemo, useRef } from 'react';
import { Outlet } from 'react-router';
import { FieldFocusProvider } from '../shared/FieldFocusProvider';
import { useAddressTitle } from '../shared/documentTitle';
import { useHeadingFocusAfterNavigation } from '../shared/useHeadingFocusAfterNavigation';
import { serverForAddress } from '../connection/activeServer';
import { useConnectionState, useConnectionStore } from '../connection/useConnections';
import { ConnectionPanel, UnsavedServerPrompt } from '../features/connection';
import { OpenFileControl, useFileDrop, useOpenedFiles } from '../features/files';
import { LoadLimits, LookupForm } from '../features/lookup';
import { formFields, lookupKey } from '../routes/address';
import { useAddress } from '../routes/useAddress';
import { ThemeSwitch } from './ThemeSwitch';

export function AppLayout() {
  const address = useAddress();
  const fields = useMemo(() => formFields(address), [address]);
  const unsavedServer = useServerFromRoute(address.server);
  const files = useOpenedFiles();
  useFileDrop(files.open);
  useAddressTitle(address);
  const main = useRef<HTMLElement>(null);
  useHeadingFocusAfterNavigation(main, lookupKey(address));

  return (
    <div className="app">
      <a
        className="skip-link"
        href="#results"
        onClick={(event) => {
          // The router would take the fragment for a navigation: the focus is moved by hand.
          event.preventDefault();
          main.current?.focus();
        }}
      >
        Skip to content
      </a>
      <header className="app-header">
        <h1>Speckle Object Explorer</h1>
        <p className="tagline">See exactly what a Speckle server stores.</p>
        <ThemeSwitch />
      </header>
      <FieldFocusProvider>
        <div className="app-body">
          <aside className="sidebar">
            <LookupForm
              // A new route (a reload, a shared link, back and forward) refills the fields.
              key={fields ? `${fields.projectId}/${fields.objectId}` : 'empty'}
              fields={fields}
            />
            <ConnectionPanel />
            <OpenFileControl onOpen={files.open} />
            <LoadLimits />
          </aside>
          <main className="results" id="results" tabIndex={-1} ref={main}>
            {unsavedServer ? (
              <UnsavedServerPrompt address={unsavedServer} />
            ) : (
              <Outlet context={files.opened} />
            )}
          </main>
        </div>
      </FieldFocusProvider>
    </div>
  );
}

/**
 * A shared link names its server with `?server=`: a saved one is selected; one that is not saved
 * is returned, for the user to add or refuse before anything is sent to it.
 */
function useServerFromRoute(server: string | null): string | null {
  const store = useConnectionStore();
  const state = useConnectionState();
  const saved = server ? serverForAddress(state, server).server : null;
  const savedId = saved?.id ?? null;
  useEffect(() => {
    if (savedId && store.getState().selectedId !== savedId) store.select(savedId);
  }, [server, savedId, store]);
  return server && !saved ? server : null;
}
