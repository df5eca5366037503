import { Modal } from "../agents/Modal.js";
import { ConnectionDoctor, doctorTexts } from "./ConnectionDoctor.js";
import { checkConnection } from "./credentials-api.js";

/** Props of ConnectionDoctorDialog. */
export interface ConnectionDoctorDialogProps {
  /** The agent's or server's name. */
  name: string;
  /** Its API path: /api/v1/agents/external/{id} or /api/v1/mcp/external/{id}. */
  base: string;
  onClose: () => void;
}

/** The connection doctor of an added agent or tool server, opened from its entry's menu. */
export function ConnectionDoctorDialog({ name, base, onClose }: ConnectionDoctorDialogProps) {
  return (
    <Modal open onClose={onClose} title={doctorTexts.title(name)}>
      <p className="mb-3 text-sm text-neutral-300">{doctorTexts.intro}</p>
      <ConnectionDoctor run={() => checkConnection(base)} runAtOnce />
    </Modal>
  );
}
