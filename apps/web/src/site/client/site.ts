// The website's one script. The pages are complete HTML without it; it only adds what needs a
// script: the error toasts, the analytics tracker and Escape for the phone menu.
import "./site.css";
import { installTracker } from "./analytics/page-tracker.js";
import { installErrorToasts } from "./error-toasts.js";
import { installMenuKeys } from "./menu-keys.js";

installErrorToasts();
installTracker();
installMenuKeys();
