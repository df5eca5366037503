/** Why a user-added agent's turn ended when the agent went silent (quotas.agentIdleSeconds). */
export const agentIdleReason = (agent: string, seconds: number) =>
  `The agent "${agent}" sent nothing for ${seconds === 1 ? "1 second" : `${seconds} seconds`} (the idle limit for an added agent), so its turn was ended.`;

/**
 * Ends a wait for an agent's next event after `seconds` of silence: `signal` aborts then, and
 * `fired` tells that the silence, not the caller, stopped it. Each event restarts the count
 * (`touch`); `stop` ends the watch.
 */
export class IdleWatch {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  fired = false;

  constructor(private readonly seconds: number) {
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  touch(): void {
    if (this.timer) {
      this.timer.refresh();
      return;
    }
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort();
    }, this.seconds * 1000);
    this.timer.unref();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
