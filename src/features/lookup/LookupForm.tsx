import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { objectRoutePath, type LookupMode, type ObjectRoute } from '../../shared/objectRoute';
import { activeServer } from '../../connection/activeServer';
import { useConnectionState, useConnectionStore } from '../../connection/useConnections';
import { DEMO_SERVER_PATH, type DemoObject } from '../../connection/demoManifest';
import { checkObjectId, checkProjectId, type IdCheck } from '../../speckle/ids';
import { parseSpeckleLink } from '../../speckle/links';

interface LinkOffer {
  /** A server the pasted link points to, when it is not the one selected. */
  server: string | null;
  message: string | null;
}

export function LookupForm({
  route,
  demoObjects,
}: {
  route: ObjectRoute | null;
  demoObjects: readonly DemoObject[];
}) {
  const navigate = useNavigate();
  const store = useConnectionStore();
  const connections = useConnectionState();
  const active = activeServer(connections);
  const [projectId, setProjectId] = useState(route?.projectId ?? '');
  const [objectId, setObjectId] = useState(route?.objectId ?? '');
  const [linkOffer, setLinkOffer] = useState<LinkOffer>({ server: null, message: null });
  const [missing, setMissing] = useState<string | null>(null);
  const ids = { project: useId(), object: useId(), projectHelp: useId(), objectHelp: useId() };

  /** A pasted (or typed) link fills both fields and may name another server. */
  function changeField(value: string, set: (value: string) => void) {
    setMissing(null);
    const link = parseSpeckleLink(value);
    if (!link) {
      set(value);
      return;
    }
    setProjectId(link.projectId);
    if (link.kind === 'object') setObjectId(link.objectId);
    const linkServer = link.base ?? link.origin;
    const otherServer =
      linkServer && (!active.ok || linkServer !== active.base) ? linkServer : null;
    setLinkOffer({
      server: otherServer,
      message:
        link.kind === 'unfetchable'
          ? link.reason
          : link.lowercased
            ? 'The ids in the link had capital letters; Speckle ids are lowercase, so they were lowercased.'
            : null,
    });
  }

  function submit(mode: LookupMode) {
    const project = projectId.trim();
    const object = objectId.trim();
    if (!project || !object) {
      setMissing(!project ? 'Enter a project id.' : 'Enter an object id.');
      return;
    }
    setProjectId(project);
    setObjectId(object);
    const server = connections.servers.length > 1 && active.ok ? active.base : null;
    // Drawn at once rather than in a transition: a transition put a frame or two (25–40 ms,
    // measured) between the click and the page that shows the lookup's progress.
    void navigate(objectRoutePath({ projectId: project, objectId: object, mode, server }), {
      flushSync: true,
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    submit(submitter?.getAttribute('value') === 'children' ? 'children' : 'single');
  }

  return (
    <section className="panel lookup" aria-labelledby="lookup-heading">
      <h2 id="lookup-heading">Look up an object</h2>
      <form onSubmit={onSubmit} noValidate>
        <IdField
          id={ids.project}
          helpId={ids.projectHelp}
          label="Project ID"
          value={projectId}
          check={checkProjectId(projectId.trim())}
          placeholder="10 characters, e.g. 4f7e2b9a1c"
          onChange={(value) => changeField(value, setProjectId)}
          onUseSuggestion={setProjectId}
        />
        <IdField
          id={ids.object}
          helpId={ids.objectHelp}
          label="Object ID"
          value={objectId}
          check={checkObjectId(objectId.trim())}
          placeholder="32 characters, or paste a Speckle link"
          onChange={(value) => changeField(value, setObjectId)}
          onUseSuggestion={setObjectId}
        />
        {missing && (
          <p className="error-text" role="alert">
            {missing}
          </p>
        )}
        {linkOffer.message && <p className="hint warning-text">{linkOffer.message}</p>}
        {linkOffer.server && (
          <p className="hint">
            The link is from {linkOffer.server}.{' '}
            <button
              type="button"
              onClick={() => {
                if (linkOffer.server) store.selectOrAddByAddress(linkOffer.server);
                setLinkOffer({ ...linkOffer, server: null });
              }}
            >
              Use server {linkOffer.server}
            </button>
          </p>
        )}
        <div className="row actions">
          <button type="submit" name="mode" value="single">
            Get object
          </button>
          <button type="submit" name="mode" value="children" className="primary">
            Get with children
          </button>
        </div>
      </form>
      {demoObjects.length > 0 && <DemoObjects objects={demoObjects} />}
    </section>
  );
}

function IdField({
  id,
  helpId,
  label,
  value,
  check,
  placeholder,
  onChange,
  onUseSuggestion,
}: {
  id: string;
  helpId: string;
  label: string;
  value: string;
  check: IdCheck;
  placeholder: string;
  onChange: (value: string) => void;
  onUseSuggestion: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        aria-describedby={check.level === 'warning' ? helpId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {check.level === 'warning' && (
        <p id={helpId} className="hint warning-text">
          {check.message}{' '}
          {check.suggestion && (
            <button type="button" onClick={() => onUseSuggestion(check.suggestion ?? value)}>
              Use lowercase id
            </button>
          )}
        </p>
      )}
    </div>
  );
}

function DemoObjects({ objects }: { objects: readonly DemoObject[] }) {
  const server = `${window.location.origin}${DEMO_SERVER_PATH}`;
  const projects = new Map<string, DemoObject[]>();
  for (const object of objects) {
    projects.set(object.projectName, [...(projects.get(object.projectName) ?? []), object]);
  }
  return (
    <nav className="demo-objects" aria-labelledby="demo-objects-heading">
      <h3 id="demo-objects-heading">Demo objects</h3>
      {[...projects].map(([projectName, projectObjects]) => (
        <section key={projectName} aria-label={projectName}>
          <h4>{projectName}</h4>
          <ul>
            {projectObjects.map((object) => (
              <li key={object.objectId}>
                <Link
                  to={objectRoutePath({
                    projectId: object.projectId,
                    objectId: object.objectId,
                    mode: 'children',
                    server,
                  })}
                >
                  {object.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
