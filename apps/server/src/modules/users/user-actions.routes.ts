import type { FastifyInstance } from "fastify";
import type { Services } from "../../platform/services.js";

/** The users module's own actions: resendemail, resetpassword, assign-student, merge, bulk. */
export function registerUserActions(_app: FastifyInstance, _services: Services) {}
