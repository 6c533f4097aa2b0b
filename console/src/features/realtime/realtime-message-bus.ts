type Handler = (payload: unknown) => void;

/** The part of a socket.io client the bus needs. */
export interface MessageSource {
  on(event: string, handler: Handler): unknown;
  off(event: string, handler: Handler): unknown;
}

/**
 * Lets screens listen to socket messages (e.g. 'aml-alert') on the console's one socket:
 * subscriptions outlive reconnects and are attached to whichever socket is current.
 */
export class RealtimeMessageBus {
  private readonly handlers = new Map<string, Set<Handler>>();
  private source: MessageSource | undefined;

  attach(source: MessageSource): void {
    this.source = source;
    for (const [event, handlers] of this.handlers) {
      for (const handler of handlers) source.on(event, handler);
    }
  }

  /** The socket is going away (it drops its own listeners). */
  detach(source: MessageSource): void {
    if (this.source === source) this.source = undefined;
  }

  subscribe(event: string, handler: Handler): () => void {
    const handlers = this.handlers.get(event) ?? new Set<Handler>();
    handlers.add(handler);
    this.handlers.set(event, handlers);
    this.source?.on(event, handler);
    return () => {
      handlers.delete(handler);
      this.source?.off(event, handler);
    };
  }
}
