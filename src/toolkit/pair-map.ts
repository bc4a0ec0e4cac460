/**
 * A map keyed by a pair of objects. Most first objects of a comparison meet exactly one second object (the node
 * at the same place of the other document), so that one is kept in a flat map, and a nested map is made only
 * for a first object met with a second, different partner. A map of maps made a Map or Set per node compared:
 * on Stripe's pair about 60,000 of them, 15 MB that lived as long as the comparison.
 */
export class PairMap<V> {
  private readonly partner = new Map<object, object>();
  private readonly partnerValue = new Map<object, V>();
  private readonly others = new Map<object, Map<object, V>>();

  get(x: object, y: object): V | undefined {
    if (this.partner.get(x) === y) return this.partnerValue.get(x);
    return this.others.get(x)?.get(y);
  }

  has(x: object, y: object): boolean {
    return this.partner.get(x) === y || this.others.get(x)?.has(y) === true;
  }

  set(x: object, y: object, value: V): void {
    const partner = this.partner.get(x);
    if (partner === y || (partner === undefined && this.others.get(x)?.has(y) !== true)) {
      this.partner.set(x, y);
      this.partnerValue.set(x, value);
      return;
    }
    let values = this.others.get(x);
    if (!values) this.others.set(x, (values = new Map()));
    values.set(y, value);
  }

  delete(x: object, y: object): void {
    if (this.partner.get(x) === y) {
      this.partner.delete(x);
      this.partnerValue.delete(x);
    }
    this.others.get(x)?.delete(y);
  }
}
