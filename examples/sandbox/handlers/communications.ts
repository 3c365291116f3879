/**
 * Handlers of the communications module (Communications): Buyer feedback, questions, pinned feedback, seller chats, buyer return claims.
 * Written by `catalogen scaffold`; yours to edit. `catalogen scaffold` never overwrites this file
 * (unless --force) and tells which operations it lacks when the catalogue gains some.
 */

import type { CommunicationsHandlers } from "../../../generated/server/index.js";

export const communications: CommunicationsHandlers = {
  /**
   * GET /api/v1/new-feedbacks-questions: Unviewed feedback and questions
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getUnviewedFeedbackAndQuestions(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/questions/count-unanswered: Unanswered questions count
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  countUnansweredQuestions(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/questions/count: Questions count
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  countQuestions(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/questions: List of questions
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listQuestions(context) {
    return context.notImplemented();
  },
  /**
   * PATCH /api/v1/questions: Work with questions
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  updateQuestions(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/question: Get a question by ID
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getQuestion(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/feedbacks/count-unanswered: Unprocessed feedback count
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  countUnprocessedFeedback(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/feedbacks/count: Feedback count
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  countFeedback(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/feedbacks: List of feedback
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listFeedback(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/feedbacks/answer: Answer feedback
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  answerFeedback(context) {
    return context.notImplemented();
  },
  /**
   * PATCH /api/v1/feedbacks/answer: Edit an answer to feedback
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  editFeedbackAnswer(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/feedbacks/order/return: Product return by feedback ID
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  returnProductByFeedback(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/feedback: Get feedback by ID
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getFeedback(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/feedbacks/archive: List of archived feedback
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listArchivedFeedback(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/feedbacks/v1/pins: List of pinned and unpinned feedback
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listPinnedFeedback(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/feedbacks/v1/pins: Pin feedback
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  pinFeedback(context) {
    return context.notImplemented();
  },
  /**
   * DELETE /api/feedbacks/v1/pins: Unpin feedback
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  unpinFeedback(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/feedbacks/v1/pins/count: Count of pinned and unpinned feedback
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  countPinnedFeedback(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/feedbacks/v1/pins/limits: Limits of pinned feedback
   * The source document names this operation as reporting limits, but the values are not given.
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getPinnedFeedbackLimits(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/seller/chats: List of chats
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listChats(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/seller/events: Chat events
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listChatEvents(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/seller/message: Send a message
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  sendChatMessage(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/seller/download/{id}: Get a file from a message
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getMessageFile(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/claims: Buyer return claims
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listReturnClaims(context) {
    return context.notImplemented();
  },
  /**
   * PATCH /api/v1/claim: Answer a buyer claim
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  answerReturnClaim(context) {
    return context.notImplemented();
  },
};
