/**
 * Input schemas of real tools, for the form tests (unit and e2e). server-memory's
 * create_entities, as @modelcontextprotocol/server-memory lists it: an array of objects.
 */
export const createEntitiesSchema = {
  type: "object",
  properties: {
    entities: {
      type: "array",
      items: {
        type: "object",
        properties: {
          name: { type: "string", description: "The name of the entity" },
          entityType: { type: "string", description: "The type of the entity" },
          observations: {
            type: "array",
            items: { type: "string" },
            description: "An array of observation contents associated with the entity",
          },
        },
        required: ["name", "entityType", "observations"],
        additionalProperties: false,
      },
    },
  },
  required: ["entities"],
};
