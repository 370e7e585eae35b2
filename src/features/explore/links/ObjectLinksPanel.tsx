import { createContext, use, useState, type MouseEvent, type ReactNode } from 'react';
import { PagedList } from '../../../shared/PagedList';
import { countOf, formatCount } from '../../../speckle/counts';
import {
  LINK_BY,
  type AppliedView,
  type NamedByProxy,
  type ObjectLinks,
  type ProxyView,
  type Referrer,
} from '../../../speckle/graph/objectLinks';
import type { Path } from '../../../speckle/paths';
import type { ProxyKind } from '../../../speckle/graph/proxies';
import type { LinksProgress } from './linksChannel';
import type { ObjectLinksAnswer } from './useObjectLinks';

/** How the panel's links go to an object: an address to show, and the trail's own way there. */
interface Going {
  hrefFor: (id: string) => string;
  /** Follows a link as a reference is followed (Back returns), selecting `path` in it. */
  onOpen: (id: string, path: Path | null) => void;
  titleOf: (id: string) => string;
}

const GoingContext = createContext<Going | null>(null);

const KIND_NAMES: Record<ProxyKind, string> = {
  material: 'Material',
  colour: 'Colour',
  level: 'Level',
  group: 'Group',
  definition: 'Definition',
};

/**
 * What points at the shown object and what applies to it through Speckle's v3 proxies: the
 * material, colour, level, groups and definition proxies that name it by `applicationId`, what a
 * proxy names, and every object that refers to it. Read from the set's index of who points where,
 * built off the main thread once the load has ended.
 */
export function ObjectLinksPanel({
  progress,
  answer,
  ...going
}: Going & { progress: LinksProgress | null; answer: ObjectLinksAnswer }) {
  if (!progress) return null;
  return (
    <GoingContext value={going}>
      <section className="object-links" aria-label="Links of this object">
        {answer.state === 'done' && <ProxySections links={answer.links} />}
        <Referrers progress={progress} answer={answer} />
      </section>
    </GoingContext>
  );
}

function ProxySections({ links }: { links: ObjectLinks }) {
  const { applied, instance, proxies } = links;
  const isProxy = proxies.length === 1 && proxies[0]!.path.length === 0;
  return (
    <>
      {applied.length > 0 && (
        <section aria-label="Applied through proxies">
          <h3>Applied through proxies</h3>
          <ul>
            {applied.map((proxy) => (
              <li key={`${proxy.holder}/${proxy.path.join('/')}`}>
                <AppliedProxy proxy={proxy} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {instance && (
        <section aria-label="Instance of a definition">
          <h3>Instance of a definition</h3>
          {instance.definition ? (
            <NamedBy proxy={instance.definition} />
          ) : (
            <p className="warning-text">
              No definition has the applicationId {instance.definitionId}: Speckle’s viewer does not
              draw this instance.
            </p>
          )}
        </section>
      )}
      {proxies.length > 0 && (
        <section aria-label={isProxy ? 'Named by this proxy' : 'Proxies in this object'}>
          <h3>{isProxy ? 'Named by this proxy' : 'Proxies in this object'}</h3>
          <ul>
            {proxies.map((proxy) => (
              <li key={proxy.path.join('/')}>
                <NamedBy proxy={proxy} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function AppliedProxy({ proxy }: { proxy: AppliedView }) {
  const kind = KIND_NAMES[proxy.kind];
  const hasValue = proxy.kind !== 'group' && proxy.kind !== 'definition';
  return (
    <>
      {kind}:{' '}
      {hasValue ? (
        <ObjectLink
          id={proxy.valueAt.id}
          path={proxy.valueAt.path}
          label={`${kind} ${proxy.value}`}
        >
          {proxy.value}
        </ObjectLink>
      ) : (
        (proxy.name ?? 'unnamed')
      )}{' '}
      through the proxy <ProxyLink proxy={proxy} />
      {proxy.overridden && (
        <span className="hint"> (a later {kind.toLowerCase()} proxy names it too, and wins)</span>
      )}
      <Ignored proxy={proxy} />
    </>
  );
}

function ProxyLink({ proxy }: { proxy: ProxyView }) {
  const where =
    proxy.path.length === 0
      ? `object ${proxy.holder.slice(0, 8)}`
      : `${String(proxy.path[0])}[${String(proxy.path[1])}]`;
  return (
    <ObjectLink
      id={proxy.holder}
      path={proxy.path.length > 0 ? proxy.path : null}
      label={`${KIND_NAMES[proxy.kind]} proxy ${where}`}
    >
      {where}
    </ObjectLink>
  );
}

function Ignored({ proxy }: { proxy: ProxyView }) {
  if (!proxy.ignored) return null;
  return <span className="warning-text"> Speckle’s viewer ignores it: {proxy.ignored}.</span>;
}

/** A proxy and the objects it names, each resolved by applicationId, the missing ones marked. */
function NamedBy({ proxy }: { proxy: NamedByProxy }) {
  const [open, setOpen] = useState(false);
  const kind = KIND_NAMES[proxy.kind];
  const title = proxy.name ?? proxy.value;
  const label = `Objects named by ${kind.toLowerCase()} ${title}`;
  return (
    <div className="named-by">
      <ProxyLink proxy={proxy} /> {kind.toLowerCase()} {title}:{' '}
      {countOf(proxy.named.length, 'applicationId', 'applicationIds')} named
      {proxy.missing > 0 && (
        <span className="warning-text">, {formatCount(proxy.missing)} of them no object has</span>
      )}
      <Ignored proxy={proxy} />{' '}
      {proxy.named.length > 0 && (
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide' : 'Show'} {label.charAt(0).toLowerCase() + label.slice(1)}
        </button>
      )}
      {open && (
        <PagedList
          items={proxy.named}
          label={label}
          render={({ applicationId, ids }) =>
            ids.length === 0 ? (
              <span className="warning-text">
                {applicationId}: missing, no object of this model has it
              </span>
            ) : (
              <>
                {applicationId}:{' '}
                {ids.map((id) => (
                  <ObjectLink key={id} id={id} path={null} />
                ))}
                {ids.length > 1 && <span className="hint"> (shared by {ids.length} objects)</span>}
              </>
            )
          }
        />
      )}
    </div>
  );
}

function Referrers({ progress, answer }: { progress: LinksProgress; answer: ObjectLinksAnswer }) {
  if (progress.state === 'failed' || answer.state === 'failed') {
    const message =
      progress.state === 'failed' ? progress.message : (answer as { message: string }).message;
    return <p className="error-text">Who points here could not be found: {message}</p>;
  }
  if (answer.state === 'waiting') {
    const read = progress.state === 'building' ? progress : null;
    return (
      <p className="hint">
        Finding who points here
        {read && read.available > 0
          ? `: ${formatCount(read.read)} of ${formatCount(read.available)} objects read…`
          : '…'}
      </p>
    );
  }
  const { referrers } = answer.links;
  const heading = `Referenced by ${countOf(referrers.length, 'object', 'objects')}`;
  return (
    <section aria-label={heading}>
      <h3>{heading}</h3>
      {referrers.length > 0 && (
        <PagedList
          items={referrers}
          label="Objects that point here"
          render={(referrer) => <ReferrerItem referrer={referrer} />}
        />
      )}
    </section>
  );
}

const WAYS: Array<[number, string]> = [
  [LINK_BY.reference, 'reference'],
  [LINK_BY.closure, 'closure'],
  [LINK_BY.proxy, 'proxy'],
  [LINK_BY.instance, 'instance'],
];

function ReferrerItem({ referrer }: { referrer: Referrer }) {
  const ways = WAYS.filter(([flag]) => referrer.by & flag).map(([, name]) => name);
  return (
    <>
      <ObjectLink id={referrer.id} path={null} /> <span className="hint">by {ways.join(', ')}</span>
    </>
  );
}

function ObjectLink({
  id,
  path,
  label,
  children,
}: {
  id: string;
  path: Path | null;
  label?: string;
  children?: ReactNode;
}) {
  const going = use(GoingContext)!;
  const open = (event: MouseEvent) => {
    // A new tab or window is the browser's own business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    going.onOpen(id, path);
  };
  return (
    <a href={going.hrefFor(id)} onClick={open} aria-label={label} title={id}>
      {children ?? going.titleOf(id)}
    </a>
  );
}
