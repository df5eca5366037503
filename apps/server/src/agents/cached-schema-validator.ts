import type {
  JsonSchemaType,
  JsonSchemaValidator,
  jsonSchemaValidator,
} from "@modelcontextprotocol/sdk/validation";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";

/** Most compiled schemas kept (and compiled on one Ajv instance before it is replaced). */
const defaultMaxSchemas = 256;

/**
 * The MCP client's validator of tool output schemas, compiling each distinct schema once for
 * the whole process. Every agent turn connects to its tool servers and lists their tools, and
 * the MCP client compiles every output schema each time (about 20 ms of CPU per turn for our
 * built-in servers, plus a new Ajv instance); the schemas rarely change, so the compiled
 * validators are kept, keyed by the schema's JSON text.
 */
export class CachedSchemaValidator implements jsonSchemaValidator {
  private readonly compiled = new Map<string, JsonSchemaValidator<unknown>>();
  private shared = new AjvJsonSchemaValidator();
  private sharedUses = 0;

  constructor(private readonly maxSchemas = defaultMaxSchemas) {}

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const key = JSON.stringify(schema);
    const known = this.compiled.get(key);
    if (known) return known as JsonSchemaValidator<T>;
    const validator = this.compilerFor(key).getValidator<unknown>(schema);
    if (this.compiled.size >= this.maxSchemas) {
      const oldest = this.compiled.keys().next().value;
      if (oldest !== undefined) this.compiled.delete(oldest);
    }
    this.compiled.set(key, validator);
    return validator as JsonSchemaValidator<T>;
  }

  /**
   * Ajv registers a schema with an $id under that id, so such a schema gets an instance of its
   * own (two servers may use one id for different schemas). Ajv also keeps every schema it
   * compiled, so the shared instance is replaced after maxSchemas compilations.
   */
  private compilerFor(key: string): AjvJsonSchemaValidator {
    if (key.includes('"$id"')) return new AjvJsonSchemaValidator();
    if (this.sharedUses >= this.maxSchemas) {
      this.shared = new AjvJsonSchemaValidator();
      this.sharedUses = 0;
    }
    this.sharedUses += 1;
    return this.shared;
  }
}

/** The one validator every agent's MCP clients share. */
export const toolSchemaValidator = new CachedSchemaValidator();
