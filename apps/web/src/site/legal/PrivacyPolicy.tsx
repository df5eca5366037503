import { useSite } from "../settings.js";
import { LegalLayout } from "./LegalLayout.js";

/** The privacy policy (tools spec §2), shown at /privacy and /legal/privacy-policy. */
export function PrivacyPolicy() {
  const { privacyEmail, supportEmail } = useSite();
  return (
    <LegalLayout
      title="Privacy Policy"
      dates={["Effective: April 4, 2024", "Last updated: July 3, 2025"]}
    >
      <p>
        This policy explains what A2A Chat collects when you use this website, the A2A Chat web
        client and server we operate, and the A2A Chat mobile app, why we collect it, and what you
        can ask us to do with it. If you use an A2A Chat server run by someone else, that operator
        decides what happens to the data on their server.
      </p>
      <h2>What we collect</h2>
      <h3>Account data from social login</h3>
      <p>
        When you sign in with a social account we receive your <strong>name</strong>,{" "}
        <strong>email address</strong>, <strong>profile picture</strong> and your{" "}
        <strong>social account id</strong>. When you sign in with a passkey instead, we keep the
        username and e-mail address you gave and the passkey's public key; the private key never
        leaves your device.
      </p>
      <h3>What you create</h3>
      <p>
        We store the content you create so that you can use it again: your <strong>prompts</strong>,{" "}
        <strong>content blocks</strong> (messages, artifacts and other results),{" "}
        <strong>flow configurations</strong> and your <strong>tool integrations</strong> (the tool
        servers you add and their settings). Tokens and keys for your tool servers are stored
        encrypted and are only used to call those servers for you.
      </p>
      <h3>Usage and technical data</h3>
      <p>
        Anonymous sessions get a random identifier. The website records which pages are viewed, from
        which kind of referrer, how long and how far they are read, with a random per-tab session
        id; it does not use advertising trackers. Servers keep short-lived logs of requests
        (addresses, times, errors) to keep the service running and secure.
      </p>
      <h2>Why we use it</h2>
      <ul>
        <li>to provide the service: sign you in, keep your conversations and run your tools;</li>
        <li>to secure it: prevent abuse, rate-limit, investigate errors;</li>
        <li>to improve it: understand which pages and features are used;</li>
        <li>to handle your subscription, which the app stores bill.</li>
      </ul>
      <p>We do not sell your data and do not use your content to train models.</p>
      <h2>Children</h2>
      <p>
        A2A Chat is not directed to children <strong>under 16</strong>, and we do not knowingly
        collect their data. If you believe a child under 16 has given us data, contact us and we
        will delete it.
      </p>
      <h2>Your rights</h2>
      <p>You may ask us at any time to:</p>
      <ul>
        <li>
          <strong>access</strong> the data we hold about you;
        </li>
        <li>
          <strong>correct</strong> data that is wrong;
        </li>
        <li>
          <strong>erase</strong> your data;
        </li>
        <li>
          <strong>restrict</strong> how we process it;
        </li>
        <li>
          <strong>port</strong> it: receive it in a machine-readable format;
        </li>
        <li>
          <strong>withdraw consent</strong> you gave, without affecting what was done before.
        </li>
      </ul>
      <p>You may also complain to your data protection authority.</p>
      <h2>Data protection officer</h2>
      <p>
        Our data protection officer answers questions about this policy and requests about your
        rights: <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>. For anything else, write to{" "}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
      <h2>Keeping and deleting data</h2>
      <p>
        We keep account data and your content while your account exists and delete it when you
        delete the account or ask us to. Anonymous sessions that are not used again expire. Records
        of sampling approvals in the app are typically kept for 24 months.
      </p>
      <h2>Changes</h2>
      <p>
        When we change this policy we update the date above and, for important changes, tell you in
        the app or by e-mail.
      </p>
    </LegalLayout>
  );
}
