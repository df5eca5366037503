import { claims, integrations } from "./claims.js";
import { Actions, Card, CardGrid, Checklist, PageHero, Section } from "./parts.js";

/** /features: what the web client, the server and the mobile app do. */
export function FeaturesPage() {
  return (
    <>
      <PageHero eyebrow="Features" title="Every tool server, by voice, by text, or by hand">
        <p>
          The mobile app is a native iOS and Android client for MCP tool servers, with an AI
          assistant you control by voice or text. The self-hosted web client and server bring the
          same tool servers into conversations with A2A agents.
        </p>
      </PageHero>

      <Section id="tool-servers" title="Tool servers and tools">
        <Checklist
          items={[
            claims.unlimited,
            "Each tool's parameters become a form: text, numbers, dropdowns, toggles, dates, JSON and more, with required fields marked and checked before a run.",
            "Results arrive as artifacts you can read, copy and keep; every run is kept in the execution history with its parameters, result, time and duration.",
            claims.promise,
          ]}
        />
      </Section>

      <Section id="authentication" title="Authentication options">
        <p className="mb-4 max-w-3xl text-neutral-300">
          Connect to each server the way it expects:
        </p>
        <ul className="pill-list">
          {claims.authOptions.map((option) => (
            <li key={option}>{option}</li>
          ))}
        </ul>
        <p className="mt-4 max-w-3xl text-sm text-neutral-400">
          OAuth sign-in opens in an in-app browser and returns to the app. How each option is set
          up: <a href="/documentation/authentication">Authentication</a>.
        </p>
      </Section>

      <Section id="voice" title="Voice and text">
        <Checklist
          items={[
            claims.voiceTools,
            "Say what you need: the assistant fills in the tool's parameters, shows them for you to edit, and runs the tool when you say 'Execute' or tap; 'Cancel' stops it.",
            "Tools that change something always wait for your approval.",
            claims.microphone,
          ]}
        />
      </Section>

      <Section id="integrations" title="Pre-configured integrations">
        <CardGrid>
          {integrations.map((item) => (
            <Card key={item.name} title={item.name}>
              <p>{item.kind}</p>
              <p className="mt-2">
                <a href={item.href}>Set it up</a>
              </p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section id="web" title="The web client and server">
        <CardGrid>
          <Card title="Agents over A2A">
            Talk to the agents this server hosts or to any agent reachable by URL; replies stream
            in, tasks and their artifacts stay with the conversation.
          </Card>
          <Card title="Tools beside the chat">
            The tools column lists the permitted MCP servers and their tools. See{" "}
            <a href="/docs/mcp">MCP tool servers</a>.
          </Card>
          <Card title="Sessions and passkeys">
            Every visitor starts with an anonymous session; a passkey keeps the history across
            devices. See <a href="/docs/authentication">Sessions and tokens</a>.
          </Card>
          <Card title="Yours to run">
            SQLite on a laptop, PostgreSQL for several replicas, a live event stream that resumes
            where it left off. See <a href="/docs/operations">Running in production</a>.
          </Card>
        </CardGrid>
      </Section>

      <Section id="requirements" title="Requirements">
        <Checklist
          items={[
            claims.requirements,
            claims.microphone,
            "Tool servers reachable over HTTPS with a valid certificate; local servers through a tunnel URL or your local network.",
            "The web client runs in any current browser; the server needs Node 20 or later.",
          ]}
        />
        <Actions
          primary={{ href: "/pricing", label: "See pricing" }}
          secondary={{ href: "/documentation/getting-started", label: "Get started" }}
        />
      </Section>
    </>
  );
}
