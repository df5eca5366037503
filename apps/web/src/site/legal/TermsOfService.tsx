import { useSite } from "../settings.js";
import { LegalLayout } from "./LegalLayout.js";

/** /legal/terms-of-service. */
export function TermsOfService() {
  const { supportEmail } = useSite();
  return (
    <LegalLayout title="Terms of Service" dates={["Last updated: April 4, 2024"]}>
      <p>
        These terms apply when you use this website, the A2A Chat web client and server we operate,
        and the A2A Chat mobile app. By using them you agree to these terms.
      </p>
      <h2>The service</h2>
      <p>
        A2A Chat lets you chat with AI agents and run tools offered by tool servers you connect. It
        is an early version run by a single person; features may change, and we may pause or end
        parts of the service with reasonable notice.
      </p>
      <h2>Your account</h2>
      <p>
        You can start anonymously and later create an account with a passkey. Keep your devices and
        passkeys secure; you are responsible for what happens under your account. You must be 16 or
        older to use A2A Chat.
      </p>
      <h2>Your content and your tool servers</h2>
      <p>
        What you write and what your tools produce stays yours. You give us the permission we need
        to store and process it to provide the service. You are responsible for the tool servers you
        connect, for having the right to use them, and for the actions you approve them to take.
      </p>
      <h2>Acceptable use</h2>
      <ul>
        <li>no unlawful content or activity, and no infringing on others' rights;</li>
        <li>no attempts to break, overload or get around the security of the service;</li>
        <li>no using the service to reach systems you are not allowed to reach.</li>
      </ul>
      <h2>Subscription</h2>
      <p>
        The mobile app has one subscription, billed by the App Store or Google Play under their
        terms; see the <a href="/legal/refund-policy">Refund Policy</a>. The self-hosted web client
        and server are free software under the MIT license, which governs their use.
      </p>
      <h2>Our compatibility promise</h2>
      <p>
        Any HTTPS streamable server that works with the official MCP Inspector is promised to work.
        If it does not, we fix it within 48 hours or your subscription is free until it is fixed.
      </p>
      <h2>Disclaimers and liability</h2>
      <p>
        AI output can be wrong; check it before you rely on it. Except for the promise above, the
        service is provided as is, and to the extent the law allows we are not liable for indirect
        or consequential losses.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </LegalLayout>
  );
}
