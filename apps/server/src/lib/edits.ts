/**
 * What an edit changes. `editable` lists each field an edit may set: its name in the body, its
 * column in the row and its label in the activity entry. A field the body leaves out, or sets to
 * the stored value, changes nothing; each other one gives the column's new value (`patch`), its
 * change from and to under the body's name (`diff`) and its label (`changed`).
 */
export function changedFields<Body, Row>(
  editable: ReadonlyArray<readonly [keyof Body, keyof Row, string]>,
  body: Body,
  current: Row,
) {
  const patch: Record<string, unknown> = {};
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  const changed: string[] = [];
  for (const [field, column, label] of editable) {
    const value: unknown = body[field];
    if (value === undefined || value === current[column]) continue;
    patch[column as string] = value;
    diff[field as string] = { from: current[column], to: value };
    changed.push(label);
  }
  return { patch, diff, changed };
}
