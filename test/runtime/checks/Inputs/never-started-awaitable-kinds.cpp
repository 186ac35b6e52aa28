// never-started is about a task nobody awaited, so it needs a return object that can be
// co_awaited. Every way C++ spells that counts; a return object that cannot be co_awaited is
// resumed by hand or not at all, and dropping it unstarted is not reported.
#include <coroutine>
#include <exception>
#include <utility>

// Owns a lazy frame; destroys it unstarted unless someone ran it.
struct Owner {
  std::coroutine_handle<> h;
  Owner(std::coroutine_handle<> h) : h(h) {}
  Owner(Owner&& o) noexcept : h(std::exchange(o.h, {})) {}
  ~Owner() {
    if (h) h.destroy();
  }
};

template <class R>
struct Promise {
  R get_return_object() { return R{Owner{std::coroutine_handle<Promise>::from_promise(*this)}}; }
  std::suspend_always initial_suspend() noexcept { return {}; }
  std::suspend_always final_suspend() noexcept { return {}; }
  void return_void() {}
  void unhandled_exception() { std::terminate(); }
};

struct MemberReady : Owner {
  using promise_type = Promise<MemberReady>;
  bool await_ready() { return false; }
  void await_suspend(std::coroutine_handle<>) {}
  void await_resume() {}
};
struct MemberOperator : Owner {
  using promise_type = Promise<MemberOperator>;
  std::suspend_never operator co_await() { return {}; }
};
struct HiddenFriend : Owner {
  using promise_type = Promise<HiddenFriend>;
  friend std::suspend_never operator co_await(HiddenFriend&&) { return {}; }
};
namespace ns {
struct NamespaceOperator : Owner {
  using promise_type = Promise<NamespaceOperator>;
};
std::suspend_never operator co_await(NamespaceOperator&&) { return {}; }
} // namespace ns
template <class T>
struct TemplateOperator : Owner {
  using promise_type = Promise<TemplateOperator>;
};
template <class T>
std::suspend_never operator co_await(TemplateOperator<T>&&) { return {}; }
// Awaitable only through the awaiting coroutine's await_transform.
struct Transformed : Owner {
  using promise_type = Promise<Transformed>;
};
struct Awaiting : Owner {
  struct promise_type : Promise<Awaiting> {
    std::suspend_never await_transform(Transformed&& t) {
      t.h.resume(); // runs it to its final suspend point
      return {};
    }
  };
};
// No await interface, never co_awaited.
struct Standby : Owner {
  using promise_type = Promise<Standby>;
};

MemberReady member_ready() { co_return; }
MemberOperator member_operator() { co_return; }
HiddenFriend hidden_friend() { co_return; }
ns::NamespaceOperator namespace_operator() { co_return; }
TemplateOperator<int> template_operator() { co_return; }
Transformed transformed() { co_return; }
Awaiting awaiting() { co_await transformed(); }
Standby standby() { co_return; }

int main() {
  member_ready();
  member_operator();
  hidden_friend();
  namespace_operator();
  template_operator();
  transformed();
  standby();
  Awaiting a = awaiting();
  a.h.resume();
}
