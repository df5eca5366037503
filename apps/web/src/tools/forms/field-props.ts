import type { OptionsLoader } from "./DynamicOptionsField.js";
import type { FieldModel, RawValue, RawValues } from "./field-model.js";
import type { ValuesEdit } from "./row-edits.js";

/** Props shared by every field of a tool form (FormField, RowsField). */
export interface FieldProps {
  field: FieldModel;
  values: RawValues;
  errors: Readonly<Record<string, string>>;
  onChange: (name: string, value: RawValue) => void;
  /** A change of several values at once (a row added or removed). */
  onEdit: (edit: ValuesEdit) => void;
  loadOptions: OptionsLoader;
}
