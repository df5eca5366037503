import { useId } from "react";

/** A labelled text input with its validation message. */
export function FormField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string;
  type?: string;
  autoComplete?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const problemId = `${id}-problem`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-neutral-200">
        {props.label}
      </label>
      <input
        id={id}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={props.problem ? problemId : undefined}
        className="w-full rounded-md border border-neutral-700 bg-neutral-900 px-3 py-2 text-sm text-neutral-100 focus:border-primary-400 focus:outline-none"
      />
      {props.problem ? (
        <p id={problemId} className="mt-1 text-xs text-red-300">
          {props.problem}
        </p>
      ) : null}
    </div>
  );
}
