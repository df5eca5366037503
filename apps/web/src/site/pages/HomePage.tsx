import { claims, integrations, orList } from "./claims.js";
import { Actions, Card, CardGrid, Checklist, PageHero, Section } from "./parts.js";

/** The landing page at /. */
export function HomePage() {
  return (
    <>
      <PageHero
        eyebrow="For developers and teams"
        title={
          <>
            Chat with AI agents <span className="text-primary-500">and the tools they use</span>
          </>
        }
      >
        <p>
          A2A Chat is a self-hostable web client and server for AI agents that speak the A2A
          protocol and for MCP tool servers, and a companion iOS and Android app that runs your tool
          servers by voice or by text with an AI assistant.
        </p>
        <Actions
          primary={{ href: "/chat", label: "Start chatting" }}
          secondary={{ href: "/docs/getting-started", label: "Run your own" }}
        />
      </PageHero>

      <Section title="One product, three parts">
        <CardGrid>
          <Card title="The web client">
            Conversations with agents, streamed replies, tasks, and results as tables, charts, forms
            and code. Tool servers and their tools sit beside the chat; each tool gets a form made
            from its input schema. Open <a href="/chat">the chat</a>: no sign-up, a passkey when you
            want to keep your history.
          </Card>
          <Card title="The server">
            One Node process on one port: <code>npm ci &amp;&amp; npm start</code> with SQLite on a
            laptop, or several replicas on PostgreSQL behind a load balancer. It serves the agents,
            the tool servers, the live event stream and this website.{" "}
            <a href="/docs/getting-started">Getting started</a>.
          </Card>
          <Card title="The mobile app">
            A native client for tool servers on iOS and Android. Talk to an AI assistant that picks
            and runs your tools, or run any tool by hand. {claims.requirements}{" "}
            <a href="/features">All features</a>.
          </Card>
        </CardGrid>
      </Section>

      <Section title="Bring every tool server you use">
        <Checklist
          items={[
            claims.unlimited,
            `Authentication: ${orList(claims.authOptions)}.`,
            claims.voiceTools,
            claims.promise,
          ]}
        />
        <p className="mt-6 text-neutral-300">
          Pre-configured:{" "}
          {integrations.map((item, index) => (
            <span key={item.name}>
              {index > 0 && ", "}
              <a href={item.href}>{item.name}</a>
            </span>
          ))}
          .
        </p>
      </Section>

      <Section title="Simple pricing">
        <p className="max-w-3xl text-neutral-300">
          The web client and server are free and open source. The mobile app has one subscription,{" "}
          {claims.price}. {claims.beta} <a href="/pricing">Pricing details</a>.
        </p>
      </Section>
    </>
  );
}
