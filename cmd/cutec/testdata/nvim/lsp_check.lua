-- lsp_check.lua: Neovim's built-in LSP client against "cutec lsp", as a
-- person uses it. Run headless on a file:
--
--   CUTEC=/path/to/cutec OUT=/tmp/result HOVER_LINE=4 HOVER_CHAR=0 \
--     nvim --headless -u NONE -i NONE -n FILE -c 'luafile lsp_check.lua'
--
-- It starts the server, waits for the diagnostics of the buffer, asks for a
-- hover at HOVER_LINE:HOVER_CHAR (0-based), stops the server and writes to
-- OUT one line per diagnostic ("diag LINE COL CODE SEVERITY"), the hover
-- text after a line "hover", and "exit CODE" with the server's exit status.
-- Neovim 0.7 (Debian 12) has no vim.lsp.start; start_client is in both.

local out = {}
local function finish()
  local f = assert(io.open(os.getenv('OUT'), 'w'))
  f:write(table.concat(out, '\n'), '\n')
  f:close()
  vim.cmd('qa!')
end

local exit_code = nil
local client_id = vim.lsp.start_client({
  name = 'cutec',
  cmd = { os.getenv('CUTEC'), 'lsp' },
  root_dir = vim.fn.getcwd(),
  on_exit = function(code) exit_code = code end,
})
if not client_id then
  table.insert(out, 'error could not start cutec lsp')
  finish()
  return
end
vim.lsp.buf_attach_client(0, client_id)

local got = vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
if not got then table.insert(out, 'error no diagnostics in 20s') end
for _, d in ipairs(vim.diagnostic.get(0)) do
  local code = d.code
  if code == nil and d.user_data and d.user_data.lsp then code = d.user_data.lsp.code end
  table.insert(out, string.format('diag %d %d %s %d', d.lnum, d.col, tostring(code), d.severity))
end

local params = {
  textDocument = { uri = vim.uri_from_bufnr(0) },
  position = { line = tonumber(os.getenv('HOVER_LINE')), character = tonumber(os.getenv('HOVER_CHAR')) },
}
local results = vim.lsp.buf_request_sync(0, 'textDocument/hover', params, 20000)
table.insert(out, 'hover')
for _, r in pairs(results or {}) do
  if r.error then table.insert(out, 'error ' .. r.error.message) end
  if r.result and r.result.contents then table.insert(out, r.result.contents.value) end
end

vim.lsp.stop_client(client_id)
vim.wait(20000, function() return exit_code ~= nil end, 50)
table.insert(out, 'exit ' .. tostring(exit_code))
finish()
