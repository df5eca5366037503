import { type CardVerification, cardVerificationTexts } from "@a2a-chat/contracts";

/** Props of CardTrustBadge. */
export interface CardTrustBadgeProps {
  verification: CardVerification | undefined;
}

/**
 * What checking an agent card's signature found: 'Verified by <host>', or a warning that says
 * what failed. An unsigned card (or one of ours, served by this site) shows nothing.
 */
export function CardTrustBadge({ verification }: CardTrustBadgeProps) {
  if (!verification || verification.status === "unsigned") return null;
  if (verification.status === "verified") {
    return (
      <span
        data-testid="card-trust"
        data-status="verified"
        className="rounded bg-emerald-500/15 px-2 py-0.5 text-xs font-medium text-emerald-300"
      >
        {cardVerificationTexts.verified(verification.host ?? "")}
      </span>
    );
  }
  return (
    <p
      role="alert"
      data-testid="card-trust"
      data-status={verification.status}
      className="rounded border border-amber-500/40 bg-amber-500/10 px-2 py-1 text-xs text-amber-200"
    >
      {verification.detail}
      {verification.host ? ` (signer: ${verification.host})` : ""}
    </p>
  );
}

/** The short form of the signature check on an agent's entry in the list (not in compact mode). */
export const cardTrustMarks = {
  invalid: "Signature check failed",
  key_unavailable: "Signature not checked",
} as const;

/** One line on an agent's entry: 'Verified by <host>', or a short warning (details say more). */
export function CardTrustMark({ verification }: CardTrustBadgeProps) {
  if (!verification || verification.status === "unsigned") return null;
  const { status } = verification;
  const verified = status === "verified";
  return (
    <span
      data-testid="card-trust-mark"
      data-status={verification.status}
      title={verified ? undefined : verification.detail}
      className={`mt-1 block text-[11px] ${verified ? "text-emerald-300" : "text-amber-300"}`}
    >
      {verified
        ? cardVerificationTexts.verified(verification.host ?? "")
        : `⚠ ${status === "invalid" ? cardTrustMarks.invalid : cardTrustMarks.key_unavailable}`}
    </span>
  );
}
