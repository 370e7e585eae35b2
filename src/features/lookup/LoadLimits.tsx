import { useId, useState, type FormEvent } from 'react';
import {
  CEILING_LABELS,
  CEILING_RANGES,
  ceilingsSummary,
  DEFAULT_CEILINGS,
  isCeilingValue,
  type CeilingName,
  type LoadCeilings,
} from '../../objects/load/loadCeilings';
import { saveCeilings } from '../../objects/load/ceilingStore';
import { useCeilings } from '../../objects/load/useCeilings';
import { formatCount } from '../../speckle/counts';

const NAMES = Object.keys(CEILING_LABELS) as CeilingName[];
/** Byte ceilings are typed in MB: the units the page writes sizes in. */
const MB = 1_000_000;

function unitOf(name: CeilingName): number {
  return name === 'objects' ? 1 : MB;
}

/**
 * How much one with-children load may read, always in view at the foot of the sidebar and changed
 * here (objects/load/loadCeilings.ts): a load that passes one stops there and keeps what came
 * before.
 */
export function LoadLimits() {
  const ceilings = useCeilings();
  return (
    <details className="panel load-limits">
      <summary>
        Load limits: <span className="hint">{ceilingsSummary(ceilings)}</span>
      </summary>
      <CeilingsForm key={JSON.stringify(ceilings)} saved={ceilings} />
    </details>
  );
}

/** Beside the lookup form: the model in it is known to have more objects than the limit. */
export function OverLimitNote({ objectCount }: { objectCount: number | null }) {
  const { objects } = useCeilings();
  if (objectCount === null || objectCount <= objects) return null;
  return (
    <p className="hint warning-text">
      This model has {formatCount(objectCount)} objects, more than the limit of{' '}
      {formatCount(objects)}: a load stops there unless you raise it under "Load limits".
    </p>
  );
}

function CeilingsForm({ saved }: { saved: LoadCeilings }) {
  const [typed, setTyped] = useState(() => textsOf(saved));
  const [said, setSaid] = useState<string | null>(null);
  const problems = NAMES.flatMap((name) => {
    const problem = problemOf(name, typed[name]);
    return problem ? [problem] : [];
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (problems.length > 0) return;
    const next = Object.fromEntries(
      NAMES.map((name) => [name, Number(typed[name]) * unitOf(name)]),
    ) as unknown as LoadCeilings;
    saveCeilings(next);
    setSaid('Saved: the next load reads up to these limits.');
  }

  function restoreDefaults() {
    saveCeilings(DEFAULT_CEILINGS);
    setTyped(textsOf(DEFAULT_CEILINGS));
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="hint">
        A load that passes one of these stops there: what arrived before is kept and marked
        incomplete. Higher limits let a huge or endless answer fill this tab.
      </p>
      {NAMES.map((name) => (
        <CeilingField
          key={name}
          name={name}
          value={typed[name]}
          problem={problemOf(name, typed[name])}
          onChange={(value) => {
            setSaid(null);
            setTyped((texts) => ({ ...texts, [name]: value }));
          }}
        />
      ))}
      <div className="row actions">
        <button type="submit" disabled={problems.length > 0}>
          Save load limits
        </button>
        <button type="button" onClick={restoreDefaults}>
          Restore default load limits
        </button>
      </div>
      <p aria-live="polite" className="hint">
        {said}
      </p>
    </form>
  );
}

function CeilingField({
  name,
  value,
  problem,
  onChange,
}: {
  name: CeilingName;
  value: string;
  problem: string | null;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const { min, max } = CEILING_RANGES[name];
  return (
    <div className="field">
      <label htmlFor={id}>{CEILING_LABELS[name]}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min / unitOf(name)}
        max={max / unitOf(name)}
        value={value}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <p id={`${id}-problem`} className="error-text">
          {problem}
        </p>
      )}
    </div>
  );
}

function textsOf(ceilings: LoadCeilings): Record<CeilingName, string> {
  return Object.fromEntries(
    NAMES.map((name) => [name, String(ceilings[name] / unitOf(name))]),
  ) as Record<CeilingName, string>;
}

function problemOf(name: CeilingName, text: string): string | null {
  const value = Number(text) * unitOf(name);
  if (text.trim() !== '' && isCeilingValue(name, value)) return null;
  const { min, max } = CEILING_RANGES[name];
  return `Enter a whole number from ${formatCount(min / unitOf(name))} to ${formatCount(max / unitOf(name))}.`;
}
