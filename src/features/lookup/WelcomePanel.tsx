import { activeServer } from '../../connection/activeServer';
import { useConnectionState } from '../../connection/useConnections';
import { ExampleLinks } from './ExampleLinks';

export function WelcomePanel({ notFound = false }: { notFound?: boolean }) {
  const { server } = activeServer(useConnectionState());
  const links = server?.examples?.links ?? [];
  return (
    <section className="welcome" aria-labelledby="welcome-heading">
      <h2 id="welcome-heading">{notFound ? 'No such page' : 'Nothing loaded yet'}</h2>
      {notFound && <p>This address is not a page of the explorer. Look up an object instead.</p>}
      <p>
        Choose a server, paste a Speckle link or enter a project id and an object id, then choose{' '}
        <strong>Get object</strong> for the object alone or <strong>Get with children</strong> for
        the object and everything it contains.
      </p>
      {server && links.length > 0 && <ExampleLinks server={server} links={links} />}
    </section>
  );
}
