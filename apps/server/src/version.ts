import rootPackage from "../../../package.json" with { type: "json" };

/** The product version, from the root package.json. */
export const version: string = rootPackage.version;
