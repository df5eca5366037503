/**
 * A small sample business: 40 customers and 200 orders over 2024, generated once at import from a
 * fixed seed, so every install and every test sees the same data and no call is random.
 */

/** Order statuses; the viewer colours them as badges. */
export const orderStatuses = ["completed", "shipped", "pending", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Sales regions, by id. */
export const regions = [
  { id: "north-america", label: "North America" },
  { id: "europe", label: "Europe" },
  { id: "asia-pacific", label: "Asia Pacific" },
  { id: "latin-america", label: "Latin America" },
  { id: "middle-east-africa", label: "Middle East & Africa" },
] as const;
export type RegionId = (typeof regions)[number]["id"];

/** Products with their list price in US dollars. */
export const products = [
  { id: "starter", name: "Starter plan", price: 49 },
  { id: "team", name: "Team plan", price: 199 },
  { id: "business", name: "Business plan", price: 499 },
  { id: "enterprise", name: "Enterprise plan", price: 1499 },
  { id: "support", name: "Premium support", price: 299 },
  { id: "training", name: "Onboarding training", price: 899 },
] as const;

export interface Customer {
  id: string;
  name: string;
  region: RegionId;
}

export interface Order {
  order_id: string;
  customer: string;
  region: RegionId;
  product: string;
  status: OrderStatus;
  quantity: number;
  /** Discount granted, in percent (0–30). */
  discount_pct: number;
  /** Total after discount, in US dollars, two decimals. */
  amount: number;
  /** ISO timestamp of the order. */
  ordered_at: string;
  /** Invoice link (example.com: this is sample data). */
  invoice_url: string;
}

/** mulberry32: a tiny, well-known seeded generator; good enough for sample data. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const firstWords = ["Acme", "Blue", "Cedar", "Delta", "Ember", "Falcon", "Granite", "Harbor"];
const secondWords = ["Labs", "Logistics", "Foods", "Health", "Retail"];

function build(): { customers: Customer[]; orders: Order[] } {
  const random = seeded(20240601);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const customers: Customer[] = Array.from({ length: 40 }, (_, i) => ({
    id: `C-${String(i + 1).padStart(3, "0")}`,
    name: `${firstWords[i % firstWords.length]} ${secondWords[Math.floor(i / firstWords.length) % secondWords.length]}`,
    region: pick(regions).id,
  }));
  const statusWeights: [OrderStatus, number][] = [
    ["completed", 0.55],
    ["shipped", 0.2],
    ["pending", 0.12],
    ["cancelled", 0.08],
    ["refunded", 0.05],
  ];
  const status = (): OrderStatus => {
    let roll = random();
    for (const [name, weight] of statusWeights) {
      if (roll < weight) return name;
      roll -= weight;
    }
    return "completed";
  };
  const yearStart = Date.UTC(2024, 0, 1);
  const yearMs = Date.UTC(2025, 0, 1) - yearStart;
  const orders: Order[] = Array.from({ length: 200 }, () => {
    const customer = pick(customers);
    const product = pick(products);
    const quantity = 1 + Math.floor(random() * 10);
    const discount = Math.round(random() * 6) * 5;
    const at = yearStart + Math.floor(random() * yearMs);
    return {
      order_id: "",
      customer: customer.name,
      region: customer.region,
      product: product.name,
      status: status(),
      quantity,
      discount_pct: discount,
      amount: Math.round(product.price * quantity * (100 - discount)) / 100,
      // Whole minutes keep the timestamps readable.
      ordered_at: new Date(Math.floor(at / 60_000) * 60_000).toISOString(),
      invoice_url: "",
    };
  });
  orders.sort((a, b) => a.ordered_at.localeCompare(b.ordered_at));
  orders.forEach((order, i) => {
    order.order_id = `ORD-${String(i + 1).padStart(4, "0")}`;
    order.invoice_url = `https://example.com/invoices/${order.order_id}`;
  });
  return { customers, orders };
}

const data = build();

/** The sample customers. */
export const customers: readonly Customer[] = data.customers;
/** The sample orders, oldest first. */
export const orders: readonly Order[] = data.orders;

/** Display name of a region id. */
export function regionLabel(id: string): string {
  return regions.find((r) => r.id === id)?.label ?? id;
}
