import type { Prompt, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import { useEffect, useRef, useState } from "react";
import {
  type BrowseTarget,
  completeArgument,
  expandTemplate,
  getServerPrompt,
  listServerOfferings,
  promptText,
  type ServerOfferings,
  templateVariables,
} from "../../api/mcp-browse-api.js";
import { ArgumentsDialog } from "./ArgumentsDialog.js";
import { putInComposer } from "./attach-resource.js";
import { ResourceDialog } from "./ResourceDialog.js";

/** Texts of a server's resources and prompts in the Tools column. */
export const serverBrowseTexts = {
  resources: "Resources",
  prompts: "Prompts",
  failed: "This server's resources and prompts could not be listed.",
  open: "Open",
  usePrompt: "Put in composer",
} as const;

type Opened =
  | { kind: "resource"; uri: string; title: string }
  | { kind: "template"; template: ResourceTemplate }
  | { kind: "prompt"; prompt: Prompt };

const rowClass =
  "block w-full rounded-md px-2 py-1 text-left text-xs text-neutral-200 hover:bg-neutral-800/60 [overflow-wrap:anywhere]";

/**
 * A server's resources, resource templates and prompts, under its tools: a resource opens in the
 * viewer (and can be attached to a message), a template asks for its arguments (completed by the
 * server) and opens the resource they name, a prompt asks for its arguments and puts its text in
 * the composer. `version` changes when the server said its lists changed.
 */
export function ServerBrowse({
  target,
  version = 0,
  updates = {},
  onViewing,
}: {
  target: BrowseTarget;
  version?: number;
  /** When each resource was last said to have changed (resources/updated), by URI. */
  updates?: Readonly<Record<string, number>>;
  /** Told which resource the viewer shows (null when closed), to subscribe to its updates. */
  onViewing?: (uri: string | null) => void;
}) {
  const [offerings, setOfferings] = useState<ServerOfferings | null>(null);
  const [failed, setFailed] = useState(false);
  const [opened, setOpened] = useState<Opened | null>(null);
  const viewing = opened?.kind === "resource" ? opened.uri : null;
  const told = useRef(onViewing);
  told.current = onViewing;
  useEffect(() => told.current?.(viewing), [viewing]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: listed again when the server says its lists changed.
  useEffect(() => {
    let live = true;
    const controller = new AbortController();
    listServerOfferings({ ...target, signal: controller.signal }).then(
      (found) => {
        if (!live) return;
        setOfferings(found);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      controller.abort();
    };
  }, [target, version]);
  const name = target.server.name;
  const [templateFields, setTemplateFields] = useState<{ name: string; required: boolean }[]>([]);
  const template = opened?.kind === "template" ? opened.template.uriTemplate : null;
  useEffect(() => {
    setTemplateFields([]);
    if (!template) return;
    let live = true;
    void templateVariables(template).then(
      (names) => live && setTemplateFields(names.map((n) => ({ name: n, required: true }))),
    );
    return () => {
      live = false;
    };
  }, [template]);

  if (failed) return <p className="px-3 pb-2 text-xs text-red-300">{serverBrowseTexts.failed}</p>;
  if (!offerings) return null;
  const { resources, templates, prompts } = offerings;
  return (
    <div className="px-1 pb-2">
      {resources.length + templates.length > 0 ? (
        <ul aria-label={`Resources of ${name}`} className="space-y-0.5">
          <li className="px-2 pt-1 text-[11px] uppercase tracking-wider text-neutral-500">
            {serverBrowseTexts.resources}
          </li>
          {resources.map((resource) => (
            <li key={resource.uri}>
              <button
                type="button"
                aria-haspopup="dialog"
                title={resource.description ?? resource.uri}
                onClick={() =>
                  setOpened({
                    kind: "resource",
                    uri: resource.uri,
                    title: resource.title ?? resource.name,
                  })
                }
                className={rowClass}
              >
                {resource.title ?? resource.name}
              </button>
            </li>
          ))}
          {templates.map((template) => (
            <li key={template.uriTemplate}>
              <button
                type="button"
                aria-haspopup="dialog"
                title={template.description ?? template.uriTemplate}
                onClick={() => setOpened({ kind: "template", template })}
                className={`${rowClass} font-mono`}
              >
                {template.uriTemplate}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {prompts.length > 0 ? (
        <ul aria-label={`Prompts of ${name}`} className="space-y-0.5">
          <li className="px-2 pt-1 text-[11px] uppercase tracking-wider text-neutral-500">
            {serverBrowseTexts.prompts}
          </li>
          {prompts.map((prompt) => (
            <li key={prompt.name}>
              <button
                type="button"
                aria-haspopup="dialog"
                title={prompt.description ?? prompt.name}
                onClick={() => setOpened({ kind: "prompt", prompt })}
                className={rowClass}
              >
                {prompt.title ?? prompt.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {opened?.kind === "resource" ? (
        <ResourceDialog
          target={target}
          uri={opened.uri}
          title={opened.title}
          updatedAt={updates[opened.uri]}
          onClose={() => setOpened(null)}
        />
      ) : null}
      {opened?.kind === "template" ? (
        <ArgumentsDialog
          title={opened.template.title ?? opened.template.name}
          description={opened.template.description}
          fields={templateFields}
          submitLabel={serverBrowseTexts.open}
          complete={(argument, value, values) =>
            completeArgument(
              target,
              { type: "ref/resource", uri: opened.template.uriTemplate },
              { name: argument, value },
              values,
            )
          }
          onSubmit={async (values) => {
            const uri = await expandTemplate(opened.template.uriTemplate, values);
            setOpened({
              kind: "resource",
              uri,
              title: opened.template.title ?? opened.template.name,
            });
          }}
          onClose={() => setOpened(null)}
        />
      ) : null}
      {opened?.kind === "prompt" ? (
        <ArgumentsDialog
          title={opened.prompt.title ?? opened.prompt.name}
          description={opened.prompt.description}
          fields={opened.prompt.arguments ?? []}
          submitLabel={serverBrowseTexts.usePrompt}
          complete={(argument, value, values) =>
            completeArgument(
              target,
              { type: "ref/prompt", name: opened.prompt.name },
              { name: argument, value },
              values,
            )
          }
          onSubmit={async (values) => {
            const result = await getServerPrompt(target, opened.prompt.name, values);
            putInComposer(promptText(result));
            setOpened(null);
          }}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </div>
  );
}
