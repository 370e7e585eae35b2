import { Link } from 'react-router';
import { DEMO_SERVER_PATH, type DemoLink } from '../../connection/demoManifest';
import { speckleRoutePath } from '../../routes/address';
import { LOOKUP_REQUEST } from '../../connection/useLookupServer';
import { parseSpeckleLink } from '../../speckle/links/speckleLink';

/** The demo server's links of every form Speckle's web apps make, each opening its route. */
export function DemoLinks({ links }: { links: readonly DemoLink[] }) {
  const server = `${window.location.origin}${DEMO_SERVER_PATH}`;
  const routes = links.flatMap((link) => {
    const parsed = parseSpeckleLink(link.path);
    if (!parsed) return [];
    return [{ ...link, to: speckleRoutePath(parsed.projectId, parsed.target, server) }];
  });
  // On the start page, not in the sidebar: seventeen links would push the connection out of view.
  return (
    <nav className="demo-objects" aria-labelledby="demo-links-heading">
      <h3 id="demo-links-heading">Demo Speckle links</h3>
      <p>Links of every form Speckle's web apps make, into the demo server's projects.</p>
      <ul>
        {routes.map((route) => (
          <li key={route.path}>
            <Link to={route.to} state={LOOKUP_REQUEST} title={route.path}>
              {route.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
