// Written by `warren compile --esm` with the module beside it.
export declare const format: "warren-precompiled-schemas/1"
export declare const versions: { readonly [library: string]: string }
export declare const entries: { readonly [key: string]: () => unknown }
