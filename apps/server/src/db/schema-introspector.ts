import {
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from "kysely";

interface ColumnRow {
  table: string;
  table_type: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  type: string;
  type_schema: string;
  comment: string | null;
  auto_incrementing: boolean;
}

/**
 * Describes the tables of one PostgreSQL schema, the one a server lives in; Kysely's migrator asks
 * it whether its bookkeeping tables exist. Kysely's own introspection reads every schema in the
 * database and resolves each schema and table by name (has_schema_privilege,
 * pg_get_serial_sequence), which fails with `schema "…" does not exist` or `column "…" of relation
 * "…" does not exist` when another server in the same database drops or rebuilds its tables
 * while this one starts. This reads only catalog rows, by OID, in the query's own snapshot.
 * Sequences are joined once, not looked up per column: a per-column subquery is estimated
 * costly enough on a churned catalog that PostgreSQL compiles the query (JIT, ~0.4 s), and the
 * health check reads the migration level through this.
 */
export class SchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schema: string;

  constructor(db: Kysely<unknown>, schema: string) {
    this.#db = db;
    this.#schema = schema;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const rows = await sql<{ name: string }>`
      select nspname as name from pg_catalog.pg_namespace where nspname = ${this.#schema}`.execute(
      this.#db,
    );
    return rows.rows.map((row) => ({ name: row.name }));
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const rows = await sql<ColumnRow>`
      select c.relname as table, c.relkind as table_type, a.attname as column,
        a.attnotnull as not_null, a.atthasdef as has_default,
        t.typname as type, tns.nspname as type_schema, d.description as comment,
        (a.attidentity <> '' or serial.refobjid is not null) as auto_incrementing
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      join pg_catalog.pg_type t on t.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = t.typnamespace
      left join pg_catalog.pg_description d on d.objoid = c.oid
        and d.classoid = 'pg_catalog.pg_class'::regclass and d.objsubid = a.attnum
      left join (
        select dep.refobjid, dep.refobjsubid from pg_catalog.pg_depend dep
        join pg_catalog.pg_class seq on seq.oid = dep.objid and seq.relkind = 'S'
        where dep.classid = 'pg_catalog.pg_class'::regclass and dep.deptype in ('a', 'i')
      ) serial on serial.refobjid = c.oid and serial.refobjsubid = a.attnum
      where ns.nspname = ${this.#schema} and c.relkind in ('r', 'v', 'p')
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.#db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, { table: TableMetadata; columns: ColumnMetadata[] }>();
    for (const row of rows.rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) continue;
      let entry = tables.get(row.table);
      if (!entry) {
        const columns: ColumnMetadata[] = [];
        const table = {
          name: row.table,
          schema: this.#schema,
          isView: row.table_type === "v",
          columns,
        };
        entry = { table, columns };
        tables.set(row.table, entry);
      }
      entry.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isAutoIncrementing: row.auto_incrementing,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        ...(row.comment === null ? {} : { comment: row.comment }),
      });
    }
    return [...tables.values()].map((entry) => entry.table);
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** Kysely's PostgreSQL dialect, introspecting only the given schema. */
export class SchemaPostgresDialect extends PostgresDialect {
  readonly #schema: string;

  constructor(config: PostgresDialectConfig, schema: string) {
    super(config);
    this.#schema = schema;
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaIntrospector(db, this.#schema);
  }
}
