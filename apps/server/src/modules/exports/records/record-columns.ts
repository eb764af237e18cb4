import { sql, type AliasedRawBuilder } from 'kysely';
import { fieldLabel, recordTypes, type FieldCodec, type RecordTypeDef } from '@siteledger/domain';
import { lookupColumn } from '../../../db/name-columns.js';

/** What a column of a list export holds, from its field's codec (files are left out). */
export type ExportKind = 'money' | 'qty' | 'rate' | 'int' | 'bool' | 'date' | 'text';

export interface ExportColumn {
  field: string;
  /** The English heading: the codec's label or the field's name in words. */
  header: string;
  kind: ExportKind;
  codec: FieldCodec;
  /** A reference read as the referenced record's name: the table and its naming column. */
  names?: { table: string; field: string };
}

/** Tables outside the registry that references point at, and the column that names a row. */
const OTHER_NAMES: Readonly<Record<string, string>> = { users: 'name', sites: 'name' };

/** The column that names a row of `table`, when it has one. */
function nameFieldOf(table: string): string | undefined {
  return recordTypes().find((t) => t.table === table)?.nameField ?? OTHER_NAMES[table];
}

function kindOf(codec: FieldCodec): ExportKind {
  switch (codec.kind) {
    case 'bizDate':
      return 'date';
    case 'ref':
    case 'files':
      return 'text';
    default:
      return codec.kind;
  }
}

/** The record type's columns in the order its entry declares its fields. */
export function exportColumns(type: RecordTypeDef): ExportColumn[] {
  return Object.entries(type.fields)
    .filter(([, codec]) => codec.kind !== 'files')
    .map(([field, codec]) => {
      const column: ExportColumn = {
        field,
        header: fieldLabel(field, codec),
        kind: kindOf(codec),
        codec,
      };
      const nameField = codec.kind === 'ref' ? nameFieldOf(codec.target) : undefined;
      return codec.kind === 'ref' && nameField
        ? { ...column, names: { table: codec.target, field: nameField } }
        : column;
    });
}

/**
 * The select list of the columns over `table`: each field under its own name, a reference as the
 * name of the record it points at (db/name-columns.ts, so the list keeps its one table).
 */
export function exportSelections(
  table: string,
  columns: readonly ExportColumn[],
): AliasedRawBuilder<unknown, string>[] {
  return columns.map(({ field, names }) =>
    names
      ? lookupColumn<string, unknown>(names.table, names.field, `${table}.${field}`, field)
      : sql<unknown>`${sql.ref(`${table}.${field}`)}`.as(field),
  );
}
