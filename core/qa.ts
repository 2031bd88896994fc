/** The /qa self-check's throwaway owner: the checks in the browser and the server's tag flow agree on it. */
export const QA_OWNER_NAME = "SafeTap Self-check";
export const QA_CONTACT_NUMBER = "+15555550100";
