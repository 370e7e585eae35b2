import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { LinkResolution } from '../../features/project/LinkResolution';
import { ModelVersions } from '../../features/project/ModelVersions';
import { ProjectModels } from '../../features/project/ProjectModels';
import { useLookupServer } from '../../shared/useLookupServer';
import { parseSpeckleProjectLink } from '../../speckle/speckleLink';

/**
 * The routes Speckle's web app has (`/projects/…`, `/streams/…`, `/embed?…`), read by the same
 * parser as a pasted link: a project's models, a model's versions, or a link to resolve.
 */
export function SpeckleLinkPage() {
  const { pathname, search } = useLocation();
  const link = useMemo(() => parseSpeckleProjectLink(`${pathname}${search}`), [pathname, search]);
  const serverInRoute = new URLSearchParams(search).get('server');
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
  if (serverInRoute && !server.server) return <p role="status">Connecting to {serverInRoute}…</p>;
  if (!server.ok) {
    return (
      <p role="alert" className="alert">
        {server.problem}
      </p>
    );
  }
  const input = { origin: server.origin, access: server.access };
  const { projectId, target } = link;
  switch (target.kind) {
    case 'project':
      return <ProjectModels input={input} projectId={projectId} server={serverInRoute} />;
    case 'model-versions':
      return (
        <ModelVersions
          input={input}
          projectId={projectId}
          modelId={target.modelId}
          server={serverInRoute}
        />
      );
    default:
      return <LinkResolution input={input} link={link} server={serverInRoute} />;
  }
}
