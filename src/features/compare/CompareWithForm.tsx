import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { compareRoutePath } from '../../routes/address';
import { useAddress } from '../../routes/useAddress';
import { addressSide, compareTarget } from './core/compareTarget';

/**
 * "Compare with…" on a loaded result: another object, version or model (its newest version), by
 * id or link, of the same server.
 */
export function CompareWithForm({
  projectId,
  objectId,
  origin,
  server,
}: {
  projectId: string;
  /** The loaded result's root: the first side, unless the address names its version. */
  objectId: string;
  /** The origin of the server the result came from: the other root must be on it too. */
  origin: string;
  /** The route's `?server=`, carried over. */
  server: string | null;
}) {
  const id = useId();
  const navigate = useNavigate();
  const address = useAddress();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = compareTarget(text, { projectId, origin });
    if (!target.ok) {
      setProblem(target.reason);
      return;
    }
    void navigate(
      compareRoutePath({
        projectId,
        fromId: addressSide(address, projectId) ?? objectId,
        toId: target.sideId,
        toProjectId: target.projectId,
        server,
      }),
    );
  };
  return (
    <form className="row compare-with" onSubmit={submit}>
      <label htmlFor={`${id}-target`}>
        Compare with another object, version or model (its id or a link)
      </label>
      <input
        id={`${id}-target`}
        value={text}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
      />
      <button type="submit">Compare</button>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
