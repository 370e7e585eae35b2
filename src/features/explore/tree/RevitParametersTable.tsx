import { useMemo } from 'react';
import { revitParameters } from '../../../speckle/titles';

/** Revit parameters as name → value (units), the way Revit users read them. */
export function RevitParametersTable({ object }: { object: object }) {
  const parameters = useMemo(() => revitParameters(object), [object]);
  if (parameters.length === 0) return null;
  return (
    <details className="revit-parameters">
      <summary>Revit parameters ({parameters.length})</summary>
      <table>
        <caption className="visually-hidden">Revit parameters</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Units</th>
            <th scope="col">Group</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((parameter, index) => (
            <tr key={`${parameter.groups.join('/')}/${parameter.key}/${index}`}>
              <th scope="row" title={parameter.key}>
                {parameter.name}
              </th>
              <td>{formatParameterValue(parameter.value)}</td>
              <td>{parameter.units ?? ''}</td>
              <td>{parameter.groups.join(' › ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function formatParameterValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
