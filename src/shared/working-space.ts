type NumberArray = Float64Array | Int32Array | Uint32Array | Uint16Array;

/**
 * A typed array kept between calls and grown when a call needs more, for statistics computed synchronously
 * over thousands of prices. A new array for every call is memory outside the JavaScript heap, and V8 starts
 * a full collection of the heap for every few dozen megabytes of that (docs/decisions/029-recycled-column-space.md),
 * which then lands on some request.
 */
export class WorkingSpace<T extends NumberArray> {
  private space: T;

  constructor(private readonly create: (length: number) => T) {
    this.space = create(1024);
  }

  /** The first `length` places, with whatever they held: valid until the next call of `take`. */
  take(length: number): T {
    if (this.space.length < length) this.space = this.create(Math.ceil(length * 1.25));
    return this.space.subarray(0, length) as T;
  }
}
