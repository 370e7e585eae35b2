import { Fragment } from 'react';

/**
 * A dotted name (`Objects.BuiltElements.Revit.RevitWall`) that a narrow column wraps after its
 * dots, rather than in the middle of a word or not at all.
 */
export function DottedName({ name }: { name: string }) {
  const parts = name.split('.');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </Fragment>
  ));
}
