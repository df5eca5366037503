import type { OptionsFromTool } from "@a2a-chat/contracts";
import type { JsonSchema, JsonType } from "./json-schema.js";

/** The widget a field is drawn with. */
export type FieldKind =
  | "text"
  | "textarea"
  | "number"
  | "checkbox"
  | "select"
  | "multiselect"
  | "list"
  | "date"
  | "datetime"
  | "dynamic"
  | "object"
  | "json"
  | "variant"
  | "rows";

/** One choice of a select, a multi-select or a union's variant. */
export interface FieldOption {
  /** The option's value as the widget holds it (a string). */
  key: string;
  label: string;
  /** The JSON value it stands for. */
  value: unknown;
}

/** One field of a tool's parameter form: what the compiler makes of one schema property. */
export interface FieldModel {
  /** Dotted path of the value ('address.city'); the form state is keyed by it. */
  name: string;
  /** The property's own name. */
  key: string;
  label: string;
  /** The schema's description, shown as help text. */
  description?: string;
  kind: FieldKind;
  type: JsonType;
  /** The property's schema, $ref and allOf resolved. */
  schema: JsonSchema;
  required: boolean;
  /** The union's discriminator, or a field an if/then/else tests: shown first. */
  discriminator: boolean;
  /** Not a parameter of the tool (a union's variant chooser): never submitted. */
  virtual: boolean;
  /** Choices of select, multiselect and variant fields. */
  options?: FieldOption[];
  /** The item type of a list field. */
  itemType?: JsonType;
  /** Where a dynamic field's options come from (x-options-from-tool). */
  optionsFromTool?: OptionsFromTool;
  /** The value the form starts with, as the widget holds it. */
  initial?: RawValue;
  /** The nested fields of an object field. */
  object?: ObjectModel;
  /**
   * An array of objects edited as rows: the form of the row at a dotted name
   * ('entities.0'), the same object for the same name.
   */
  rows?: (rowName: string) => ObjectModel;
  /** Rows a rows field starts with. */
  initialRows?: number;
  /** Why the field got a JSON editor instead of a widget, when it is not its shape. */
  note?: string;
}

/** A widget's value: text, a checkbox state, or the keys of a multi-select. */
export type RawValue = string | boolean | string[];

/** The form state: each field's widget value by dotted name. */
export type RawValues = Readonly<Record<string, RawValue | undefined>>;

/** A branch of a oneOf/anyOf. */
export interface UnionBranch {
  label: string;
  /** The discriminator's value that picks this branch, when the union has a discriminator. */
  discriminatorValue?: unknown;
  model: ObjectModel;
}

/** A conditional part of an object, compiled. */
export type CompiledConditional =
  | {
      kind: "if";
      /** The `if` schema, with the root's definitions so its `$ref`s resolve. */
      test: JsonSchema;
      /** The properties the test reads: the fields that decide, shown first (§5). */
      decides: string[];
      /** The `then` part. */
      whenTrue?: ObjectModel;
      /** The `else` part. */
      whenFalse?: ObjectModel;
    }
  | {
      kind: "union";
      keyword: "oneOf" | "anyOf";
      /** Picks the branch: the discriminator field, or a virtual variant field. */
      chooser: FieldModel;
      branches: UnionBranch[];
    };

/** The fields of an object schema and the conditional parts that add more. */
export interface ObjectModel {
  /** Dotted path of the object ('' for the tool's arguments). */
  path: string;
  fields: FieldModel[];
  required: readonly string[];
  conditionals: CompiledConditional[];
}

/** A compiled tool form, or why the schema could not be read. */
export type FormModel =
  | { ok: true; root: ObjectModel; schema: JsonSchema }
  | { ok: false; error: string };
