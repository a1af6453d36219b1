/** Where the app asks for the time, so tests can move it. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
