-- wrk script of the server load benchmark (ServerLoadBenchmark --client wrk, see WrkLoad.java): POST
-- /api/v1/suggestions with the drafts Java wrote to a data file. Arguments after "--": the data file and the
-- number of wrk threads. The data file has one record per line, "<tag> <payload>", payloads JSON-escaped by Java:
--   cold      then per draft   "body <complete request body>"
--   editing   then per author  "prefix <body up to its text>", "para <paragraph>" (one per paragraph),
--                              "suffix <body after its text>", "words <replacement words, space-separated>"
-- Lines, not a Lua table literal: LuaJIT limits the constants of one chunk, and 20 MB of drafts would exceed that.
-- Thread k of n keeps records k, k + n, k + 2n, ... (0-based), so no two threads send the same draft.

local threads = {}

function setup(thread) -- in the main Lua state, before the thread's init
   thread:set("id", #threads)
   threads[#threads + 1] = thread
end

local headers = { ["Content-Type"] = "application/json" }
local cold = false
local records = {} -- cold: request bodies; editing: authors
local cur = 0
sent, repeated = 0, 0 -- globals: done() reads repeated with thread:get

-- Java's String.split(" ", -1): empty words are kept.
local function split(s)
   local t, i = {}, 1
   while true do
      local j = s:find(" ", i, true)
      if not j then
         t[#t + 1] = s:sub(i)
         return t
      end
      t[#t + 1] = s:sub(i, j - 1)
      i = j + 1
   end
end

function init(args)
   local n, k, mine = tonumber(args[2]), -1, false
   for line in io.lines(args[1]) do
      local tag, v = line:match("^(%l+) ?(.*)$")
      if tag == "cold" then
         cold = true
      elseif tag == "body" or tag == "prefix" then
         k = k + 1
         mine = k % n == id
         if mine then
            records[#records + 1] = tag == "body" and v
               or { prefix = v, paras = {}, tokens = {}, pool = {}, next = 1 }
         end
      elseif mine then
         local a = records[#records]
         if tag == "para" then
            a.paras[#a.paras + 1] = v -- the paragraph's text, rebuilt only when it is edited
            a.tokens[#a.tokens + 1] = split(v)
         elseif tag == "suffix" then
            a.suffix = v
         elseif tag == "words" then
            for w in v:gmatch("%S+") do a.pool[#a.pool + 1] = w end
         end
      end
   end
   assert(#records > 0, "no drafts for wrk thread " .. id .. " in " .. args[1])
   math.randomseed(os.time() * 1000 + id)
   checking = id == 0
end

-- Author.edit(): one word of one paragraph replaced (unless it ends a sentence or holds a link) or inserted.
local function edit(a)
   local p = math.random(#a.paras)
   local t = a.tokens[p]
   local at = math.random(#t)
   local w = a.pool[a.next]
   a.next = a.next % #a.pool + 1
   if math.random() < 0.5 and t[at]:sub(-1) ~= "." and not t[at]:find("](", 1, true) then
      t[at] = w
   else
      table.insert(t, at, w)
   end
   a.paras[p] = table.concat(t, " ")
end

local function body(i)
   local r = records[i]
   return cold and r or r.prefix .. table.concat(r.paras, "\\n\\n") .. r.suffix -- "\n\n", JSON-escaped
end

function request()
   if checking then -- wrk checks the script with one request on thread 0 that it never sends: change nothing
      checking = false
      return wrk.format("POST", nil, headers, body(1))
   end
   cur = cur % #records + 1
   sent = sent + 1
   if not cold then
      edit(records[cur])
   elseif sent > #records then
      repeated = repeated + 1
   end
   return wrk.format("POST", nil, headers, body(cur))
end

-- Machine-readable results for WrkLoad: counts, errors, the latency histogram (µs, count per distinct value).
function done(summary, latency, requests)
   local rep = 0
   for _, t in ipairs(threads) do rep = rep + t:get("repeated") end
   local e = summary.errors
   io.write(string.format("wrk-summary %d %d %d %d %d %d %d %d\n", summary.requests, summary.duration,
      e.connect, e.read, e.write, e.status, e.timeout, rep))
   for i = 1, #latency do
      io.write(string.format("wrk-latency %d %d\n", latency(i)))
   end
end
