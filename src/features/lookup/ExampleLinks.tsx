import { Fragment } from 'react';
import { Link } from 'react-router';
import { baseOf } from '../../connection/activeServer';
import type { ExampleLink, SavedServer } from '../../connection/connectionState';
import { speckleRoutePath } from '../../routes/address';
import { LOOKUP_REQUEST } from '../../connection/useLookupServer';
import { parseSpeckleLink } from '../../speckle/links/speckleLink';

/** The server's example Speckle links, each opening its route, and files to download beside them. */
export function ExampleLinks({
  server,
  links,
}: {
  server: SavedServer;
  links: readonly ExampleLink[];
}) {
  const base = baseOf(server.url);
  const routes = links.flatMap((link) => {
    const parsed = parseSpeckleLink(link.path);
    if (!parsed) return [];
    return [{ ...link, to: speckleRoutePath(parsed.projectId, parsed.target, server.url) }];
  });
  // On the start page, not in the sidebar: seventeen links would push the connection out of view.
  return (
    <nav className="examples" aria-labelledby="example-links-heading">
      <h3 id="example-links-heading">Example Speckle links</h3>
      <p>Links into the projects of {server.name}, as Speckle's web apps make them.</p>
      <ul>
        {routes.map((route) => (
          <Fragment key={route.path}>
            <li>
              <Link to={route.to} state={LOOKUP_REQUEST} title={route.path}>
                {route.label}
              </Link>
            </li>
            {route.file && base !== null && (
              <li>
                {/* The server names the file (Content-Disposition); it is opened with Open file. */}
                <a href={`${base}${route.file.path}`} download title={route.file.path}>
                  {route.file.label}
                </a>
              </li>
            )}
          </Fragment>
        ))}
      </ul>
    </nav>
  );
}
