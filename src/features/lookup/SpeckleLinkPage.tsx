import { useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import {
  type GraphqlQueryInput,
  LinkResolution,
  OpenWithoutTokenContext,
  ProjectListing,
  VersionOriginBar,
} from '../links';
import type { LookupMode } from '../../routes/objectRoute';
import { readLinkMode } from '../../routes/speckleRoute';
import { useLookupServer } from '../../connection/useLookupServer';
import type { LinkRoot } from '../../speckle/links/linkResolution';
import { parseSpeckleProjectLink } from '../../speckle/links/speckleLink';
import { LookupResult } from './LookupResult';

/**
 * The routes Speckle's web app has (`/projects/…`, `/streams/…`, `/embed?…`), read by the same
 * parser as a pasted link: a project's models, a model's versions, or a link to resolve, whose one
 * root is shown here, at the link's address, with where its version came from.
 */
export function SpeckleLinkPage() {
  const { pathname, search } = useLocation();
  const link = useMemo(() => parseSpeckleProjectLink(`${pathname}${search}`), [pathname, search]);
  const serverInRoute = new URLSearchParams(search).get('server');
  const mode = readLinkMode(search);
  // Where the user chose to read a public project's GraphQL without the token; any other address
  // uses the token again.
  const [withoutTokenAt, setWithoutTokenAt] = useState<string | null>(null);
  const address = `${pathname} ${serverInRoute}`;
  const withoutToken = withoutTokenAt === address;
  // The server is pinned per address, as for an object lookup: editing the token asks nothing.
  const server = useLookupServer(
    link
      ? { projectId: link.projectId, objectId: pathname, mode: 'children', server: serverInRoute }
      : null,
  );
  if (!link) {
    return (
      <p role="alert" className="alert">
        This address names no Speckle project: a project link starts /projects/ followed by the
        project id.
      </p>
    );
  }
  if (!mode) {
    return (
      <p role="alert" className="alert">
        This address asks for the mode “{new URLSearchParams(search).get('mode')}”: mode=single gets
        the object alone; without a mode the object comes with its children.
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
  const { projectId, target } = link;
  let page: ReactNode;
  switch (target.kind) {
    case 'project':
    case 'model-versions':
      page = (
        <ProjectListing
          input={input}
          projectId={projectId}
          server={serverInRoute}
          listing={target}
        />
      );
      break;
    default:
      page = (
        <LinkResolution
          input={input}
          link={link}
          server={serverInRoute}
          mode={mode}
          atViewerAddress={pathname.startsWith('/projects/')}
          renderRoot={(root) => (
            <RootResult
              input={input}
              projectId={projectId}
              root={root}
              server={serverInRoute}
              mode={mode}
            />
          )}
        />
      );
  }
  return (
    <OpenWithoutTokenContext value={withoutToken ? null : () => setWithoutTokenAt(address)}>
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
  projectId,
  root,
  server,
  mode,
}: {
  input: GraphqlQueryInput;
  projectId: string;
  root: LinkRoot;
  server: string | null;
  mode: LookupMode;
}) {
  const { modelId, versionId, objectId } = root;
  return (
    <LookupResult
      route={{ projectId, objectId, mode, server }}
      header={
        modelId &&
        versionId && (
          <VersionOriginBar
            input={input}
            origin={{ projectId, modelId, versionId }}
            server={server}
            mode={mode}
          />
        )
      }
    />
  );
}
