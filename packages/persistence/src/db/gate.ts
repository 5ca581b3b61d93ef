/**
 * A FIFO mutex: one holder at a time, waiters served in arrival order. On SQLite it serialises the single
 * connection between transactions and the statements issued outside them.
 */
export class Gate {
  private held = false;
  private readonly waiters: (() => void)[] = [];

  /** Whether nobody holds the gate (a caller may then {@link Gate.take} it synchronously). */
  get idle(): boolean {
    return !this.held;
  }

  /** Takes the idle gate synchronously. @throws Error when it is held. */
  take(): void {
    if (this.held) throw new Error('Gate.take: the gate is held');
    this.held = true;
  }

  /** Resolves once the caller holds the gate. */
  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Hands the gate to the next waiter, or leaves it idle. */
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }

  /** Runs `work` while holding the gate (released when `work` settles). */
  async run<T>(work: () => T | Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }
}
