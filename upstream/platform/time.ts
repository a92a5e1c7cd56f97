/** The service's clock; tests pass their own to move time without sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const minutes = (n: number) => n * 60_000;
export const days = (n: number) => n * 86_400_000;

/** The stored form of a moment: ISO 8601 in UTC, comparable as text. */
export const stamp = (at: Date, plusMs = 0) => new Date(at.getTime() + plusMs).toISOString();

// China has one time zone and no daylight saving, so a fixed offset is exact.
const shanghaiOffsetMs = 8 * 3_600_000;

/** The calendar day in Asia/Shanghai, 'YYYY-MM-DD': free-use counts reset at Beijing midnight. */
export const shanghaiDay = (at: Date) => new Date(at.getTime() + shanghaiOffsetMs).toISOString().slice(0, 10);
