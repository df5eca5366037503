import { randomUUID } from "node:crypto";
import type { Compilable, CompiledQuery } from "kysely";

/**
 * A query built and compiled once, with named slots for the values that change from call to
 * call: building a query with Kysely (immutable nodes, frozen and copied at every step, then
 * compiled) cost more than SQLite's answer to it. The query is compiled with a unique marker in
 * each slot, then every call copies the compiled query with each marker replaced by its value.
 * Only values that become bound parameters may go in a slot (not identifiers, not a LIMIT that
 * the SQLite dialect writes out as a literal).
 */
export class QueryTemplate<R, N extends string> {
  private compiled: CompiledQuery<R> | undefined;
  private readonly markers: Record<N, string>;
  private readonly slotOf = new Map<unknown, N>();

  constructor(
    names: readonly N[],
    private readonly build: (slots: Record<N, string>) => Compilable<R>,
  ) {
    const tag = randomUUID();
    this.markers = Object.fromEntries(
      names.map((name) => [name, `\u0000${tag}:${name}`]),
    ) as Record<N, string>;
    for (const name of names) this.slotOf.set(this.markers[name], name);
  }

  /** The compiled query with the given values in its slots. */
  with(values: Record<N, unknown>): CompiledQuery<R> {
    this.compiled ??= this.compileOnce();
    const parameters = this.compiled.parameters.map((parameter) => {
      const name = this.slotOf.get(parameter);
      return name === undefined ? parameter : values[name];
    });
    return { ...this.compiled, parameters };
  }

  private compileOnce(): CompiledQuery<R> {
    const compiled = this.build(this.markers).compile();
    const found = new Set(compiled.parameters.filter((parameter) => this.slotOf.has(parameter)));
    if (found.size !== this.slotOf.size) {
      throw new Error("QueryTemplate: a slot did not become a bound parameter of the query");
    }
    return compiled;
  }
}
