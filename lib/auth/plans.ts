/** docs/reference/README.md#limits: requests per second per key and the credit allowance of each plan. */
export const plans = {
  free: { requestsPerSecond: 1, allowance: 1_000 },
  hobby: { requestsPerSecond: 2, allowance: 5_000 },
  professional: { requestsPerSecond: 4, allowance: 100_000 },
  business: { requestsPerSecond: 10, allowance: 500_000 },
} as const;

export type Plan = keyof typeof plans;
export const planNames = Object.keys(plans) as Plan[];
