import { useMemo, useState } from "react";
import type { ArtifactViewProps } from "../artifact-view-props.js";
import { ArtifactFrame } from "../shared/ArtifactFrame.js";
import {
  firstDataPart,
  isRecord,
  type JsonObject,
  renderingHints,
} from "../shared/artifact-data.js";
import { badgeClasses } from "../shared/badge-color.js";
import { iconGlyph } from "../shared/icon-glyph.js";
import { ViewerNotice } from "../shared/ViewerNotice.js";
import {
  expandedLevels,
  initiallyExpanded,
  invalidTreeMessage,
  metadataSummary,
  readTree,
  type TreeNodeModel,
  toggled,
} from "./tree-data.js";

interface NodeProps {
  node: TreeNodeModel;
  open: ReadonlySet<string>;
  onToggle: (id: string) => void;
  icons: JsonObject | undefined;
}

function nodeIcon(node: TreeNodeModel, icons: JsonObject | undefined): string | undefined {
  const type = node.metadata?.type;
  const named = icons && typeof type === "string" ? iconGlyph(icons[type]) : undefined;
  return named ?? (node.children.length > 0 ? "📁" : "📄");
}

function TreeNodeItem({ node, open, onToggle, icons }: NodeProps) {
  const expanded = open.has(node.id);
  const hasChildren = node.children.length > 0;
  const summary = metadataSummary(node.metadata);
  const label = (
    <>
      {icons ? <span aria-hidden="true">{nodeIcon(node, icons)}</span> : null}
      <span className="text-neutral-100">{node.name}</span>
      {node.status ? (
        <span
          className={`rounded-full px-2 py-0.5 text-xs ring-1 ring-inset ${badgeClasses(node.status)}`}
        >
          {node.status}
        </span>
      ) : null}
      {summary ? <span className="truncate text-xs text-neutral-500">{summary}</span> : null}
    </>
  );
  return (
    <li>
      {hasChildren ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => onToggle(node.id)}
          className="flex w-full items-center gap-2 rounded px-1 py-0.5 text-left text-sm hover:bg-neutral-800"
        >
          <span aria-hidden="true" className="w-3 text-neutral-500">
            {expanded ? "▾" : "▸"}
          </span>
          {label}
        </button>
      ) : (
        <div className="flex items-center gap-2 px-1 py-0.5 text-sm">
          <span aria-hidden="true" className="w-3" />
          {label}
        </div>
      )}
      {hasChildren && expanded ? (
        <ul className="ml-4 border-l border-border pl-2">
          {node.children.map((child) => (
            <TreeNodeItem
              key={child.id}
              node={child}
              open={open}
              onToggle={onToggle}
              icons={icons}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function Tree({
  root,
  levels,
  icons,
}: {
  root: TreeNodeModel;
  levels: number;
  icons?: JsonObject;
}) {
  const [open, setOpen] = useState(() => initiallyExpanded(root, levels));
  return (
    <ul aria-label={root.name} className="flex flex-col">
      <TreeNodeItem
        node={root}
        open={open}
        onToggle={(id) => setOpen((current) => toggled(current, id))}
        icons={icons}
      />
    </ul>
  );
}

/** The tree viewer: collapsible nodes, the first levels open (core spec §2.4, §4). */
export function TreeView({ artifact, streaming }: ArtifactViewProps) {
  const title = artifact.name ?? "Tree";
  const data = firstDataPart(artifact);
  const tree = useMemo(() => (data ? readTree(data) : undefined), [data]);
  const hints = renderingHints(artifact);
  const icons =
    hints.show_icons === false ? undefined : isRecord(hints.icon_map) ? hints.icon_map : {};
  return (
    <ArtifactFrame title={title} toolName={artifact.metadata.tool_name} streaming={streaming}>
      {!tree ? (
        <ViewerNotice tone="error" title={invalidTreeMessage} />
      ) : "error" in tree ? (
        <ViewerNotice
          tone="error"
          title={tree.error}
          {...(tree.detail ? { detail: tree.detail } : {})}
        />
      ) : (
        <Tree root={tree} levels={expandedLevels(hints)} {...(icons ? { icons } : {})} />
      )}
    </ArtifactFrame>
  );
}
