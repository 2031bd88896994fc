/**
 * An organisation's tags (decision 138): what the browser and the server both need to know about
 * the CSV that gives tags to people.
 */

/** The columns of the file: the person's external id in the organisation, and the tag's id. */
export const TAG_CSV_COLUMNS = ["external_id", "tag_id"] as const;

/** The largest file taken: 10,000 rows of long ids fit well within it. */
export const TAG_CSV_MAX_BYTES = 1024 * 1024;

/** Where the file is uploaded: its body limit is the file's plus room for the form around it. */
export const TAG_IMPORT_UPLOAD_PATH = /^\/org\/[^/]+\/tags\/import$/;
