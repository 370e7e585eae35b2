import { useDemoServer } from '../../connection/useDemoServer';
import { DemoLinks } from './DemoLinks';

export function WelcomePanel({ notFound = false }: { notFound?: boolean }) {
  const links = useDemoServer().manifest?.links ?? [];
  return (
    <section className="welcome" aria-labelledby="welcome-heading">
      <h2 id="welcome-heading">{notFound ? 'No such page' : 'Nothing loaded yet'}</h2>
      {notFound && <p>This address is not a page of the explorer. Look up an object instead.</p>}
      <p>
        Choose a server, paste a Speckle link or enter a project id and an object id, then choose{' '}
        <strong>Get object</strong> for the object alone or <strong>Get with children</strong> for
        the object and everything it contains.
      </p>
      {links.length > 0 && <DemoLinks links={links} />}
    </section>
  );
}
