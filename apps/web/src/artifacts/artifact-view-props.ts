import type { Artifact } from "@a2a-chat/contracts";

/** Props every artifact viewer receives. */
export interface ArtifactViewProps {
  artifact: Artifact;
  /** Sends a message to the conversation's agent (form submit, card call-to-action). */
  onSendMessage?: (text: string) => Promise<void>;
  /** True while the artifact is still receiving chunks. */
  streaming?: boolean;
}
