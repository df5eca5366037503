/** The passkey error texts (tools spec §8). */
export const passkeyMessages = {
  creationFailed: "Passkey creation was cancelled or failed",
  authenticationFailed: "Authentication was cancelled or failed",
  unsupported: "WebAuthn is not supported on this device",
  noToken: "No authentication token available. Please refresh the page.",
  noChallenge: "No challenge ID received from server",
  noCode: "No authorization code received",
  registrationFailed: "Failed to complete registration",
  authenticationFinishFailed: "Failed to complete authentication",
  oauthFailed: "OAuth completion failed",
  invalidToken: (reason: string) => `Invalid authentication token: ${reason}`,
  signInAfterRegistrationFailed:
    "Registration succeeded but sign-in failed. Please try signing in manually.",
  trySigningIn: "Try signing in instead?",
  stateMismatch: "The sign-in answer does not belong to this browser tab. Please try again.",
} as const;

/** Title of the panel shown when the browser has no WebAuthn. */
export const unsupportedTitle = "WebAuthn Not Supported";
