import { LegalLayout } from "./LegalLayout.js";

/** /legal/cookie-policy: what the site and the chat keep in the browser. */
export function CookiePolicy() {
  return (
    <LegalLayout title="Cookie Policy" dates={["Last updated: April 4, 2024"]}>
      <p>
        A2A Chat does not use advertising or third-party tracking cookies. What it keeps in your
        browser is needed for the service to work:
      </p>
      <table>
        <thead>
          <tr>
            <th>What</th>
            <th>Where</th>
            <th>Why</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Session token</td>
            <td>local storage</td>
            <td>keeps you signed in (anonymously or with your passkey)</td>
          </tr>
          <tr>
            <td>Current conversation and settings</td>
            <td>local storage</td>
            <td>reopens the chat where you left it</td>
          </tr>
          <tr>
            <td>Analytics session id</td>
            <td>session storage</td>
            <td>
              counts page views and reading time of the website per tab; a random id, gone when the
              tab closes
            </td>
          </tr>
        </tbody>
      </table>
      <p>
        You can clear these in your browser's settings at any time; the chat then starts a new
        anonymous session. More in the <a href="/privacy">Privacy Policy</a>.
      </p>
    </LegalLayout>
  );
}
