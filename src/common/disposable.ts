// A base for classes that own subscriptions and resources: register() each as it is made,
// dispose() releases them all, newest first. Structural, so it needs no editor API.

export interface DisposableLike {
  dispose(): unknown;
}

export abstract class Disposable implements DisposableLike {
  private readonly owned: DisposableLike[] = [];
  private disposed = false;

  /** Owns `resource` until dispose(); after dispose, releases it at once. */
  protected register<T extends DisposableLike>(resource: T): T {
    if (this.disposed) resource.dispose();
    else this.owned.push(resource);
    return resource;
  }

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const resource of this.owned.splice(0).reverse()) resource.dispose();
  }
}
