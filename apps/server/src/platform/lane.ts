/**
 * At most `size` pieces of one kind of work at once; the others wait their turn in order. Used to
 * keep a burst of one kind (a thousand uploads at once) from taking every database connection, so
 * that a person's next click is not queued behind all of it (issue 29: GET /api/me answered in
 * 0.85 s on the server while 300 uploads queued for the pool; see bench/README.md).
 */
export class Lane {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Work running and waiting (for tests and logs). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
