import { fileSizeMetadataKey, type Part } from "@a2a-chat/contracts";
import { memo } from "react";
import { DataObjectPanel } from "./DataObjectPanel.js";
import { FilePart } from "./FilePart.js";
import { StructuredDataViewer } from "./StructuredDataViewer.js";
import { TextPart } from "./TextPart.js";

/** The size a file part's metadata states (an uploaded file's link carries it there). */
export function partFileSize(metadata: Record<string, unknown> | undefined): number | undefined {
  const size = metadata?.[fileSizeMetadataKey];
  return typeof size === "number" && Number.isSafeInteger(size) && size >= 0 ? size : undefined;
}

/**
 * Whether a data part asks for the 'Structured Data' tree viewer rather than the 'Data Object'
 * panel: agents mark structured output with part metadata `structured: true`.
 */
export function isStructuredDataPart(part: Part): boolean {
  return part.kind === "data" && part.metadata?.structured === true;
}

/** One part of a chat message, rendered by the viewer for its kind (core spec §2.3). */
export const MessagePart = memo(function MessagePart({
  part,
  streaming = false,
}: {
  part: Part;
  /** True while the message this part belongs to is still streaming. */
  streaming?: boolean;
}) {
  switch (part.kind) {
    case "text":
      return part.text.trim() === "" ? null : <TextPart text={part.text} streaming={streaming} />;
    case "file":
      return <FilePart file={part.file} size={partFileSize(part.metadata)} />;
    case "data":
      return isStructuredDataPart(part) ? (
        <StructuredDataViewer
          data={part.data}
          complete={!streaming && part.metadata?.complete !== false}
        />
      ) : (
        <DataObjectPanel data={part.data} />
      );
  }
});
