import { useMemo, useState, type ReactNode } from 'react';
import {
  type GraphqlQueryInput,
  LinkResolution,
  OpenWithoutTokenContext,
  ProjectListing,
  VersionOriginBar,
} from '../links';
import { lookupKey, type LinkAddress } from '../../routes/address';
import { useAddress } from '../../routes/useAddress';
import type { UsableServer } from '../../connection/activeServer';
import { useConnectionStore } from '../../connection/useConnections';
import { useLookupServer } from '../../connection/useLookupServer';
import { resolveLookup } from '../../objects/load/lookup';
import type { LinkRoot } from '../../speckle/links/linkResolution';
import { LookupResult } from './LookupResult';

/**
 * The routes Speckle's web app has (`/projects/…`, `/streams/…`, `/embed?…`), read by the same
 * parser as a pasted link: a project's models, a model's versions, or a link to resolve, whose one
 * root is shown here, at the link's address, with where its version came from.
 */
export function SpeckleLinkPage() {
  const address = useAddress();
  // Where the user chose to read a public project's GraphQL without the token; any other address
  // uses the token again.
  const [withoutTokenAt, setWithoutTokenAt] = useState<string | null>(null);
  const key = lookupKey(address);
  const withoutToken = withoutTokenAt === key;
  // The server is pinned per address, as for an object lookup: editing the token asks nothing.
  const server = useLookupServer(address);
  if (address.kind === 'unreadable-link' && address.unknownMode !== null) {
    return (
      <p role="alert" className="alert">
        This address asks for the mode “{address.unknownMode}”: mode=single gets the object alone;
        without a mode the object comes with its children.
      </p>
    );
  }
  if (address.kind !== 'link') {
    return (
      <p role="alert" className="alert">
        This address names no Speckle project: a project link starts /projects/ followed by the
        project id.
      </p>
    );
  }
  if (!server.ok) {
    return (
      <p role="alert" className="alert">
        {server.problem}
      </p>
    );
  }
  const input = {
    origin: server.origin,
    access: withoutToken ? { ...server.access, token: '' } : server.access,
  };
  const { link } = address;
  const { projectId, target } = link;
  let page: ReactNode;
  switch (target.kind) {
    case 'project':
    case 'model-versions':
      page = (
        <ProjectListing
          input={input}
          projectId={projectId}
          server={address.server}
          listing={target}
        />
      );
      break;
    default:
      page = (
        <LinkResolution
          input={input}
          link={link}
          server={address.server}
          mode={address.mode}
          atViewerAddress={address.form === 'viewer'}
          renderRoot={(root) => (
            <RootResult input={input} address={address} root={root} server={server} />
          )}
        />
      );
  }
  return (
    <OpenWithoutTokenContext value={withoutToken ? null : () => setWithoutTokenAt(key)}>
      {withoutToken && (
        <p role="note">
          Project {projectId} is read here without your access token, which lacks the streams:read
          scope; the project is public. Objects still come with the token, which the object
          endpoints accept for a public project.
        </p>
      )}
      {page}
    </OpenWithoutTokenContext>
  );
}

/** The one root a link resolved to, looked up as the object routes do, under its version's bar. */
function RootResult({
  input,
  address,
  root,
  server,
}: {
  input: GraphqlQueryInput;
  address: LinkAddress;
  root: LinkRoot;
  /** The address's server: objects are asked for with its token, whoever reads the project. */
  server: UsableServer;
}) {
  const store = useConnectionStore();
  const { projectId } = address.link;
  const { mode, server: named } = address;
  const { modelId, versionId, objectId } = root;
  const resolved = useMemo(
    () => resolveLookup({ projectId, objectId, mode, server: named }, server, store),
    [projectId, objectId, mode, named, server, store],
  );
  return (
    <LookupResult
      resolved={resolved}
      version={modelId && versionId ? { modelId, versionId } : null}
      header={
        modelId &&
        versionId && (
          <VersionOriginBar
            input={input}
            origin={{ projectId, modelId, versionId }}
            server={named}
            mode={mode}
          />
        )
      }
    />
  );
}
