export declare const SLOWDOWN: number;
export declare function scaled(ms: number): number;
