import type { MessageSource } from './realtime-message-bus';

/** Stands in for the socket: tests emit what the service would push. */
export class FakeMessageSource implements MessageSource {
  private readonly handlers = new Map<string, Set<(payload: unknown) => void>>();
  on(event: string, handler: (payload: unknown) => void): void {
    this.handlers.set(event, (this.handlers.get(event) ?? new Set()).add(handler));
  }
  off(event: string, handler: (payload: unknown) => void): void {
    this.handlers.get(event)?.delete(handler);
  }
  emit(event: string, payload: unknown): void {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
}
